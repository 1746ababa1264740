// Small helpers over POSIX descriptors. None of them takes ownership of the
// descriptor except closeQuietly(), which closes it and only logs a failure.
#pragma once
#include <cstddef>
#include <string>
#include <sys/types.h>

namespace kvlog {

bool writeAll(int fd, const std::string &data);
bool readExact(int fd, void *buf, std::size_t len);
bool preadExact(int fd, void *buf, std::size_t len, off_t offset);
bool readLine(int fd, std::string &line, std::size_t maxLen = 4096);
void closeQuietly(int fd);

} // namespace kvlog
