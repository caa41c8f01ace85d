// Arrays of class objects (C++ [dcl.init.aggr], [class.dtor]): elements are constructed one
// by one in index order (default constructor, braced lists, elements a list does not reach),
// destroyed in reverse index order at the end of their scope; arrays as class members are
// constructed, copied, assigned and destroyed member by member; range-based `for` copies
// elements with the copy constructor (and destroys each copy) or binds references. Thread 0
// logs every construction (+id) and destruction (-id); every thread computes with Vec3 arrays.
__device__ int *g_log;
__device__ int g_n;
__device__ int g_seq;

__device__ void note(int v) { g_log[g_n++] = v; }

struct Tag {
    int id;
    __device__ Tag() : id(10 + g_seq++) { note(id); }
    __device__ Tag(int i) : id(i) { note(i); }
    __device__ Tag(const Tag &o) : id(o.id + 1000) { note(id); }
    __device__ Tag &operator=(const Tag &o) {
        id = o.id + 2000;
        note(id);
        return *this;
    }
    __device__ ~Tag() { note(-id); }
};

// A class with an array member and a user constructor: the elements are default-constructed
// before the body, destroyed after the implicit destructor's (empty) body.
struct Row {
    int k;
    Tag t[3];
    __device__ Row() : k(7) { note(k); }
};

// An aggregate whose member is an array of classes: braced initialization constructs the
// listed elements, default-constructs the rest.
struct Pod {
    Tag v[2];
    int n;
};

struct Vec3 {
    float x, y, z;
    __device__ Vec3() : x(1.0f), y(2.0f), z(3.0f) {}
    __device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
    __device__ Vec3(const Vec3 &o) : x(o.x * 2.0f), y(o.y * 2.0f), z(o.z * 2.0f) {}
};

struct Mesh {
    Vec3 corners[3];
    float scale;
};

__device__ void tags() {
    {
        Tag a[3];
    }
    {
        Tag b[4] = {Tag(5), {6}};
        note(b[3].id);
    }
    {
        Row r;
        Row s = r;
        s = r;
    }
    {
        Pod p = {{Tag(40)}, 3};
        note(p.n);
    }
    {
        Tag big[6];
        for (Tag t : big) {
            if (t.id == 1023)
                continue;
            note(0);
        }
        for (const Tag &t : big)
            note(t.id - 20);
    }
}

__global__ void class_arrays(const float *in, float *out, int *log) {
    int tid = threadIdx.x;
    if (tid == 0) {
        g_log = log;
        g_n = 0;
        g_seq = 0;
        tags();
    }
    float a = in[3 * tid], b = in[3 * tid + 1], c = in[3 * tid + 2];
    Vec3 pts[4] = {Vec3(a, b, c), {c, b, a}};
    float s = 0.0f;
    for (Vec3 p : pts)
        s += p.x - p.y + p.z;
    Mesh m = {{Vec3(a, 0.0f, 0.0f)}, 0.5f};
    Mesh m2 = m;
    for (const Vec3 &v : m2.corners)
        s += v.x + v.y + v.z;
    out[tid] = s * m2.scale;
}
