// Small descriptor helpers shared by the runner, the admin socket and the
// signal watcher.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

namespace buildfarm {

// Writes all of data to fd, retrying short writes and EINTR. Returns false
// on error (EPIPE when the reader went away: the agent ignores SIGPIPE).
bool writeAll(int fd, const std::string &data);

// Reads whatever fd has available right now without blocking and passes it
// on chunk by chunk. Returns the number of bytes read.
std::size_t drainFd(int fd,
                    const std::function<void(const char *, std::size_t)> &onChunk);

// Reads one '\n'-terminated line (newline stripped) from a blocking fd.
// Returns false on EOF, on error, or when the line exceeds maxLen.
bool readLineFd(int fd, std::string &line, std::size_t maxLen);

// Closes fd if it is >= 0 and sets it to -1; calling it twice is harmless.
void closeQuietly(int &fd);

} // namespace buildfarm
