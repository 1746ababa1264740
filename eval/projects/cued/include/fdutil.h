// Small POSIX helpers shared by the prompt book, the drive bus and the tally.
#pragma once
#include <cstddef>
#include <string>

namespace cued {

/// Writes all of [data, data + len) to fd, retrying on EINTR and short
/// writes. Returns false (errno set) on failure.
bool writeAll(int fd, const void *data, std::size_t len);

/// writeAll() of `line` followed by a newline.
bool writeLine(int fd, const std::string &line);

/// Closes fd if it is open and sets it to -1, so a repeated call is a no-op.
void closeQuietly(int &fd) noexcept;

/// Opens `path` for appending (created 0640, close-on-exec).
/// Throws std::system_error on failure.
int openAppend(const std::string &path);

} // namespace cued
