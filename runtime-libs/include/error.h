/* oxicc built-in header: <error.h> (GNU): host-only declarations, so that host code including
 * it compiles (oxicc does not compile host function bodies). */
#pragma once
extern "C" void error(int status, int errnum, const char *format, ...);
extern "C" void error_at_line(int status, int errnum, const char *file, unsigned int line,
                              const char *format, ...);
