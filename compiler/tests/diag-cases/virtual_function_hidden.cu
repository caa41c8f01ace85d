// expect-warning: 7: function "Sensor::read() const" is hidden by "Probe::read" -- virtual function override intended?
struct Sensor {
    int value;
    __device__ virtual int read() const { return value; }
};
struct Probe : Sensor {
    __device__ virtual int read() { return value * 2; }
};
__global__ void k(int* o) {
    Probe p;
    p.value = o[0];
    o[1] = p.read();
}
