/* oxicc built-in header: printf for device code (nvcc lowers device printf to vprintf).
 * The other stdio functions and FILE are host-only; their declarations let host
 * declarations at file scope name them. */
#pragma once
#include <stddef.h>
extern "C" __host__ __device__ int printf(const char *format, ...);
extern "C" int sprintf(char *str, const char *format, ...);
extern "C" int snprintf(char *str, size_t size, const char *format, ...);
extern "C" int puts(const char *s);
extern "C" int putchar(int c);
typedef struct _IO_FILE FILE;
typedef long fpos_t;
extern "C" FILE *stdin;
extern "C" FILE *stdout;
extern "C" FILE *stderr;
extern "C" FILE *fopen(const char *path, const char *mode);
extern "C" FILE *freopen(const char *path, const char *mode, FILE *f);
extern "C" FILE *fdopen(int fd, const char *mode);
extern "C" int fclose(FILE *f);
extern "C" int fflush(FILE *f);
extern "C" int fprintf(FILE *f, const char *format, ...);
extern "C" int fscanf(FILE *f, const char *format, ...);
extern "C" int scanf(const char *format, ...);
extern "C" int sscanf(const char *s, const char *format, ...);
extern "C" size_t fread(void *p, size_t size, size_t n, FILE *f);
extern "C" size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
extern "C" char *fgets(char *s, int n, FILE *f);
extern "C" int fputs(const char *s, FILE *f);
extern "C" int fgetc(FILE *f);
extern "C" int fputc(int c, FILE *f);
extern "C" int getc(FILE *f);
extern "C" int getchar(void);
extern "C" int ungetc(int c, FILE *f);
extern "C" int fseek(FILE *f, long off, int whence);
extern "C" long ftell(FILE *f);
extern "C" void rewind(FILE *f);
extern "C" int feof(FILE *f);
extern "C" int ferror(FILE *f);
extern "C" void perror(const char *s);
extern "C" int remove(const char *path);
extern "C" int rename(const char *from, const char *to);
extern "C" FILE *tmpfile(void);
extern "C" int setvbuf(FILE *f, char *buf, int mode, size_t size);
#define EOF (-1)
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif
#define BUFSIZ 8192
#define FILENAME_MAX 4096
