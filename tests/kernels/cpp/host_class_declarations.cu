// Host declarations that real files put beside their kernels (SHOC's OptionParser.h,
// Rodinia's dwt2d): member typedefs naming the types of the members after them, default
// arguments that are not constants (std::string), static data members that are host
// variables, and limits.h's macros without an #include (nvcc's cuda_runtime.h brings it).
#include <map>
#include <string>
#include <vector>

struct Option { std::string name; int kind; };

class OptionParser {
  private:
    typedef std::map<std::string, Option> OptionMap;
    OptionMap optionMap;
    std::vector<std::string> order;
    static bool helpRequested;
    static const char banner[81];
  public:
    void addOption(const std::string &longName, const std::string &help = "No help specified",
                   char shortLetter = '\0');
};

template <class T> struct Pair {
    typedef T value_type;
    typedef value_type *pointer;
    value_type first;
    value_type second[2];
    pointer self;
    __device__ value_type sum() const { return first + second[0] + second[1]; }
};

struct Window {
    typedef short coord;
    coord lo, hi;
    static int instances;
    __device__ int width() const { return hi - lo; }
};

__global__ void host_class_declarations(const int *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Pair<int> p;
    p.first = in[i];
    p.second[0] = 2 * in[i];
    p.second[1] = -7;
    p.self = &p.first;
    Window w;
    w.lo = (short)(in[i] % 100);
    w.hi = (short)(in[i] % 100 + i);
    unsigned v = (unsigned)(p.sum() + *p.self + w.width());
    out[2 * i] = v;
    out[2 * i + 1] = (in[i] < 0 ? UINT_MAX : (unsigned)INT_MAX) - (unsigned)CHAR_BIT
                     + (unsigned)sizeof(Pair<short>::value_type) + (unsigned)sizeof(Window);
}
