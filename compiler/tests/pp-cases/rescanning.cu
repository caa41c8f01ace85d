#define foo foo
foo
#define bar a bar b
bar
#define AA BB
#define BB AA
AA BB
#define f(x) x f
f(1)(2)(3)
#define g(x) g(x)
g(g(1))
#define EMPTY()
#define DEFER(id) id EMPTY()
#define EXPAND(...) __VA_ARGS__
#define A() 123
DEFER(A)()
EXPAND(DEFER(A)())
#define REPEAT_INDIRECT() REPEAT
#define REPEAT(n) n DEFER(REPEAT_INDIRECT)()(n)
REPEAT(1)
EXPAND(REPEAT(1))
EXPAND(EXPAND(REPEAT(1)))
#define obj (obj + 1)
#define fn(x) fn(x + obj)
fn(fn(2))
#define lparen (
#define call(m) m lparen 1)
#define one(x) [x]
call(one)
#define id(x) x
id(id)(5)
#define X_LIST X(a, 1) X(b, 2) X(c, 3)
#define X(name, v) int name = v;
X_LIST
#undef X
#define X(name, v) +v
int sum = 0 X_LIST;
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define N 5
CAT(N, 1) XCAT(N, 1) CAT(id, _x)(7)
#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
#define nil(x) x
#define G_0(arg) nil(G_1)(arg)
#define G_1(arg) nil(arg)
G_0(42)
#define AND &
#define CALLER(m, a) m(a)
CALLER(id, AND)
#define LPAREN (
#define RPAREN )
#define F2(x, y) x + y
#define ELLIP_FUNC(...) __VA_ARGS__
ELLIP_FUNC(F2, LPAREN, 'a', 'b', RPAREN);
