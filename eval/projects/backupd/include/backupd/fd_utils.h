// Small POSIX file helpers.
#pragma once
#include <cstddef>
#include <string>

namespace backupd {

// Writes all of data to fd, retrying on short writes and EINTR.
bool writeAll(int fd, const void *data, std::size_t size);

// Truncates fd, writes data, fsyncs and CLOSES fd (always, even on failure).
bool writeAndClose(int fd, const std::string &data);

// Copies src to dst (dst is removed again when the copy fails).
bool copyFile(const std::string &src, const std::string &dst);

// Reads a whole file; throws std::system_error on failure.
std::string readWholeFile(const std::string &path);

// FNV-1a digest of a file's contents, as hex.
std::string fileDigest(const std::string &path);

} // namespace backupd
