// expect: 6: object of abstract class type "Shape" is not allowed:
struct Shape {
    __device__ virtual float area() const = 0;
};
__global__ void k(float* o) {
    Shape* s = new Shape;
    o[0] = s->area();
}
