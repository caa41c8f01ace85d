#define eprintf(format, ...) fprintf(stderr, format, ## __VA_ARGS__)
eprintf("a");
eprintf("a", );
eprintf("a", 1, 2);
#define named(fmt, args...) printf(fmt, ## args)
named("x");
named("x", 1, 2);
#define strva(...) #__VA_ARGS__
strva() strva( a , b ) strva(a,b,  c)
#define cat3(a, b, c) a ## b ## c
cat3(x, , ) cat3(, y, ) cat3(, , z) cat3(1, 2, 3)
#define neg(x) -x
-neg(1) - neg(-1)
#define paren(x) (x)
paren() paren(()) paren((a, b))
#define empty()
empty() empty ( ) empty
#define spaced(x)   [  x  ]
spaced(  a   +   b  )
#define strq(x) #x
strq("a\n" '\'' "\\" 'x') strq(  leading) strq(a /* c */ b) strq(a
b)
#define opt(a, ...) a __VA_OPT__(: __VA_ARGS__)
opt(1) opt(1, ) opt(1, 2) opt(1, EMPTYX)
#define EMPTYX
#define VF(...) f(a , ## __VA_ARGS__)
VF() VF( ) VF(1) VF(,)
#define VG(x, ...) g(x , ## __VA_ARGS__)
VG(1) VG(1,) VG(1, ) VG() VG(1,2)
#define VH(x, y, ...) h(x, y , ## __VA_ARGS__)
VH(1,2) VH(1,2,)
