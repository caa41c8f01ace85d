/* oxicc built-in header: <libgen.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
extern "C" char *basename(char *path);
extern "C" char *dirname(char *path);
