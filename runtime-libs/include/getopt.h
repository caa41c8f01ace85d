/* oxicc built-in header: <getopt.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
struct option { const char *name; int has_arg; int *flag; int val; };
extern "C" int getopt(int argc, char *const argv[], const char *optstring);
extern "C" int getopt_long(int argc, char *const argv[], const char *optstring,
                           const struct option *longopts, int *longindex);
extern "C" int getopt_long_only(int argc, char *const argv[], const char *optstring,
                                const struct option *longopts, int *longindex);
extern "C" char *optarg;
extern "C" int optind, opterr, optopt;
#define no_argument 0
#define required_argument 1
#define optional_argument 2
