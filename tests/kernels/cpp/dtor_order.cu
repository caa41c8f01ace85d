// The order of destructor calls (C++ [class.dtor], [stmt.jump], [class.temporary]): one
// thread logs every destruction. Members are destroyed after the body of the class's
// destructor in reverse declaration order, then bases; locals at the end of their block in
// reverse order, also when `return` or `goto` leaves it; temporaries at the end of the
// full expression, last made first; a temporary bound to a `const&` lives as long as the
// reference; a moved-from object is still destroyed.
__device__ int *g_log;
__device__ int g_n;

__device__ void note(int v) { g_log[4 + g_n++] = v; }

struct D {
    int v;
    __device__ D(int x) : v(x) { g_log[0]++; }
    __device__ D(const D &o) : v(o.v + 100) { g_log[1]++; }
    __device__ D(D &&o) : v(o.v + 200) {
        o.v = -1;
        g_log[2]++;
    }
    __device__ ~D() {
        g_log[3]++;
        note(v);
    }
};

struct Pair {
    D a;
    D b;
    __device__ Pair(int x) : a(x), b(x + 1) {}
};

struct Holder {
    D d;
    int k;
};

struct Base {
    D bd;
    __device__ Base() : bd(50) {}
    __device__ ~Base() { note(-50); }
};

struct Derived : Base {
    D dd;
    __device__ Derived() : dd(60) {}
    __device__ ~Derived() { note(-60); }
};

__device__ __noinline__ D pass(D x) { return x; }

__device__ int early(int n) {
    D a(30);
    if (n > 0) {
        D b(31);
        return n;
    }
    D c(32);
    return 0;
}

__global__ void dtor_order(int *log) {
    g_log = log;
    g_n = 0;
    { Pair p(1); }
    {
        Holder h{D(3), 4};
        Holder h2 = h;
        note(h2.d.v);
    }
    { Derived d; }
    {
        D x(7);
        D y = pass(static_cast<D &&>(x));
        note(y.v);
    }
    note(early(1) + early(0));
    {
        const D &r = D(40);
        note(r.v);
    }
    note(pass(D(80)).v + D(90).v);
    int i = 0;
again:
    {
        D z(70 + i);
        i++;
        if (i < 2) goto again;
    }
}
