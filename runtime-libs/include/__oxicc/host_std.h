/* oxicc built-in header: the declarations of the C++ standard library that host code names
 * at file scope (types of globals, class members, function signatures, using-declarations).
 * oxicc does not compile host function bodies, so classes carry only the members a host
 * declaration may need; device code cannot use them (as with nvcc, std:: classes are host
 * code). Every C++ library header of the built-in set includes this one file. */
#pragma once
#include <stddef.h>
#include <utility>
/* libstdc++'s headers reach <pthread.h> (through <bits/gthr.h>): host code relies on it. */
#include <pthread.h>

namespace std {
typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;

template <class T> class allocator {};
template <class C> struct char_traits {};
template <class T> struct less { bool operator()(const T &a, const T &b) const; };
template <class T> struct greater { bool operator()(const T &a, const T &b) const; };
template <class T> struct equal_to { bool operator()(const T &a, const T &b) const; };
template <class T> struct hash { size_t operator()(const T &v) const; };
template <class T> struct default_delete {};

/* strings and streams */
template <class C, class Tr = char_traits<C>, class A = allocator<C> > class basic_string {
public:
    typedef size_t size_type;
    static const size_type npos = static_cast<size_type>(-1);
    basic_string();
    basic_string(const C *s);
    const C *c_str() const;
    const C *data() const;
    size_type size() const;
    size_type length() const;
};
typedef basic_string<char> string;
typedef basic_string<wchar_t> wstring;
template <class C, class Tr = char_traits<C> > class basic_string_view {};
typedef basic_string_view<char> string_view;

class ios_base {
public:
    typedef int fmtflags;
    typedef int openmode;
    static const openmode in = 8, out = 16, binary = 4, app = 1, ate = 2, trunc = 32;
};
template <class C, class Tr = char_traits<C> > class basic_ios : public ios_base {};
template <class C, class Tr = char_traits<C> > class basic_ostream : public basic_ios<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_istream : public basic_ios<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_iostream : public basic_ios<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_ofstream : public basic_ostream<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_ifstream : public basic_istream<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_fstream : public basic_iostream<C, Tr> {};
template <class C, class Tr = char_traits<C>, class A = allocator<C> > class basic_stringstream : public basic_iostream<C, Tr> {};
template <class C, class Tr = char_traits<C>, class A = allocator<C> > class basic_ostringstream : public basic_ostream<C, Tr> {};
template <class C, class Tr = char_traits<C>, class A = allocator<C> > class basic_istringstream : public basic_istream<C, Tr> {};
template <class C, class Tr = char_traits<C> > class basic_streambuf {};
typedef basic_ios<char> ios;
typedef basic_ostream<char> ostream;
typedef basic_istream<char> istream;
typedef basic_iostream<char> iostream;
typedef basic_ofstream<char> ofstream;
typedef basic_ifstream<char> ifstream;
typedef basic_fstream<char> fstream;
typedef basic_stringstream<char> stringstream;
typedef basic_ostringstream<char> ostringstream;
typedef basic_istringstream<char> istringstream;
typedef basic_streambuf<char> streambuf;
extern ostream cout;
extern ostream cerr;
extern ostream clog;
extern istream cin;
template <class C, class Tr> basic_ostream<C, Tr> &endl(basic_ostream<C, Tr> &os);
template <class C, class Tr> basic_ostream<C, Tr> &ends(basic_ostream<C, Tr> &os);
template <class C, class Tr> basic_ostream<C, Tr> &flush(basic_ostream<C, Tr> &os);
ios_base &fixed(ios_base &s);
ios_base &scientific(ios_base &s);
ios_base &hex(ios_base &s);
ios_base &dec(ios_base &s);
ios_base &boolalpha(ios_base &s);
ios_base &left(ios_base &s);
ios_base &right(ios_base &s);
struct _Setw { int n; };
struct _Setprecision { int n; };
_Setw setw(int n);
_Setprecision setprecision(int n);

/* exceptions */
class exception {
public:
    exception() noexcept;
    virtual ~exception() noexcept;
    virtual const char *what() const noexcept;
};
class bad_alloc : public exception {};
class bad_cast : public exception {};
class logic_error : public exception {
public:
    explicit logic_error(const string &what);
    explicit logic_error(const char *what);
};
class runtime_error : public exception {
public:
    explicit runtime_error(const string &what);
    explicit runtime_error(const char *what);
};
class domain_error : public logic_error { public: explicit domain_error(const char *what); };
class invalid_argument : public logic_error { public: explicit invalid_argument(const char *what); };
class length_error : public logic_error { public: explicit length_error(const char *what); };
class out_of_range : public logic_error { public: explicit out_of_range(const char *what); };
class range_error : public runtime_error { public: explicit range_error(const char *what); };
class overflow_error : public runtime_error { public: explicit overflow_error(const char *what); };
class underflow_error : public runtime_error { public: explicit underflow_error(const char *what); };
class system_error : public runtime_error { public: explicit system_error(const char *what); };
struct nothrow_t { explicit nothrow_t() = default; };
extern const nothrow_t nothrow;
class type_info {
public:
    const char *name() const noexcept;
};

/* containers */
template <class T, class A = allocator<T> > class vector {
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T *iterator;
    typedef const T *const_iterator;
    vector();
    explicit vector(size_type n);
    vector(size_type n, const T &v);
    T *data();
    size_type size() const;
};
template <class T, class A = allocator<T> > class list {};
template <class T, class A = allocator<T> > class forward_list {};
template <class T, class A = allocator<T> > class deque {};
template <class T, class Cn = deque<T> > class queue {};
template <class T, class Cn = deque<T> > class stack {};
template <class T, class Cn = vector<T>, class Cmp = less<typename Cn::value_type> > class priority_queue {};
template <class K, class V, class Cmp = less<K>, class A = allocator<pair<const K, V> > > class map {};
template <class K, class V, class Cmp = less<K>, class A = allocator<pair<const K, V> > > class multimap {};
template <class K, class Cmp = less<K>, class A = allocator<K> > class set {};
template <class K, class Cmp = less<K>, class A = allocator<K> > class multiset {};
template <class K, class V, class H = hash<K>, class E = equal_to<K>, class A = allocator<pair<const K, V> > > class unordered_map {};
template <class K, class V, class H = hash<K>, class E = equal_to<K>, class A = allocator<pair<const K, V> > > class unordered_multimap {};
template <class K, class H = hash<K>, class E = equal_to<K>, class A = allocator<K> > class unordered_set {};
template <class K, class H = hash<K>, class E = equal_to<K>, class A = allocator<K> > class unordered_multiset {};
template <class T, size_t N> struct array { T _elems[N]; };
template <size_t N> class bitset {};
template <class T> class valarray {};
template <class... T> class tuple {};
template <class T> class optional {};
template <class... T> class variant {};
class any {};
template <class T> class complex { T _re, _im; };

/* memory, functions, threads, time */
template <class T, class D = default_delete<T> > class unique_ptr {};
template <class T> class shared_ptr {};
template <class T> class weak_ptr {};
template <class S> class function;
class thread {
public:
    class id {};
};
class mutex {};
class recursive_mutex {};
class shared_mutex {};
class condition_variable {};
template <class M> class lock_guard {};
template <class M> class unique_lock {};
template <class T> class atomic {};
template <class T> class future {};
template <class T> class shared_future {};
template <class T> class promise {};
class random_device {};
template <class U, size_t W, size_t N, size_t M, size_t R, U A, size_t Us, U D, size_t S, U B, size_t T, U C, size_t L, U F> class mersenne_twister_engine {};
typedef mersenne_twister_engine<unsigned int, 32, 624, 397, 31, 0x9908b0dfU, 11, 0xffffffffU, 7, 0x9d2c5680U, 15, 0xefc60000U, 18, 1812433253U> mt19937;
template <class T = int> class uniform_int_distribution {};
template <class T = double> class uniform_real_distribution {};
template <class T = double> class normal_distribution {};
template <long long N, long long D = 1> struct ratio {};
namespace chrono {
template <class Rep, class Period = ratio<1> > class duration {};
typedef duration<long long, ratio<1, 1000000000> > nanoseconds;
typedef duration<long long, ratio<1, 1000000> > microseconds;
typedef duration<long long, ratio<1, 1000> > milliseconds;
typedef duration<long long> seconds;
template <class Clock, class Dur = typename Clock::duration> class time_point {};
class system_clock { public: typedef chrono::nanoseconds duration; typedef chrono::time_point<system_clock> time_point; };
class steady_clock { public: typedef chrono::nanoseconds duration; typedef chrono::time_point<steady_clock> time_point; };
typedef steady_clock high_resolution_clock;
} // namespace chrono

/* iterators */
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag : input_iterator_tag {};
struct bidirectional_iterator_tag : forward_iterator_tag {};
struct random_access_iterator_tag : bidirectional_iterator_tag {};
template <class It> struct iterator_traits {};
template <class T, class C = char, class Tr = char_traits<C> > class ostream_iterator {};
template <class T, class C = char, class Tr = char_traits<C>, class D = ptrdiff_t> class istream_iterator {};
} // namespace std
