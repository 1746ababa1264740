// Chunker: see chunker.h.
#include "backupd/chunker.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace backupd {

Chunker::Chunker(const std::string &path, std::size_t chunkSize)
    : path_(path), chunkSize_(chunkSize) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    const int err = errno != 0 ? errno : EINVAL;
    ::close(fd_); // OK: the constructor throws next, so the destructor never runs
    throw std::system_error(err, std::generic_category(), "not a regular file: " + path);
  }
  size_ = static_cast<std::uint64_t>(st.st_size);
}

Chunker::~Chunker() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: chunker_dtor
}

std::optional<Chunk> Chunker::next() {
  if (fd_ < 0 || offset_ >= size_)
    return std::nullopt;
  Chunk chunk;
  chunk.file = path_;
  chunk.offset = offset_;
  chunk.data.resize(chunkSize_);
  std::size_t got = 0;
  while (got < chunkSize_) {
    const ssize_t n = ::pread(fd_, chunk.data.data() + got, chunkSize_ - got,
                              static_cast<off_t>(offset_ + got));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "read " + path_);
    }
    if (n == 0)
      break;
    got += static_cast<std::size_t>(n);
  }
  if (got == 0)
    return std::nullopt;
  chunk.data.resize(got);
  offset_ += got;
  return chunk;
}

void Chunker::close() { ::close(fd_); }

} // namespace backupd
