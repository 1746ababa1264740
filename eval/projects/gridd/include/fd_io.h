// Loops around read()/write()/pwrite() that retry on EINTR and short counts.
#pragma once
#include <cstddef>
#include <string>
#include <sys/types.h>

bool writeAll(int fd, const void *data, std::size_t len);
bool pwriteAll(int fd, const void *data, std::size_t len, off_t offset);
// Reads up to and including '\n' (at most `max` bytes). False on EOF/error.
bool readLine(int fd, std::string &line, std::size_t max = 4096);
bool setNonBlocking(int fd);
