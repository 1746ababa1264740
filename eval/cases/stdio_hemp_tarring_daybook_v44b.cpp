// Tarring-shed daybook of a ropewalk. Every batch of hemp yarn that goes
// through the tar kettle is appended to the shed's daybook. The daybook is
// opened with open() (append, close-on-exec, mode 0640) and wrapped with
// fdopen() so that the shed code can use fprintf(); from then on the FILE*
// owns the descriptor. Before the daybook is copied to the yard's archive
// share it is synced to disk through fileno().
// Bugs: shutdown() closes the raw descriptor after fclose() already closed it
// through the stream, and sealForArchive() closes fileno() of a stream that it
// then fcloses.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ropewalk {

struct TarringBatch {
  std::string yarnLot;
  double kettleCelsius;
  int passes;
};

class TarringDaybook {
public:
  explicit TarringDaybook(const std::string &path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
    if (fd_ < 0)
      return;
    stream_ = ::fdopen(fd_, "a");
    if (stream_ == nullptr) {
      ::close(fd_); // OK: fdopen() failed, the descriptor is still ours alone
      fd_ = -1;
    }
  }
  ~TarringDaybook() { shutdown(); } // OK: shutdown() returns at once when the stream is gone

  TarringDaybook(const TarringDaybook &) = delete;
  TarringDaybook &operator=(const TarringDaybook &) = delete;

  bool ready() const { return stream_ != nullptr; }

  void record(const TarringBatch &batch) {
    if (!stream_)
      return;
    std::fprintf(stream_, "%s kettle=%.1fC passes=%d\n", batch.yarnLot.c_str(),
                 batch.kettleCelsius, batch.passes);
  }

  // Flushes and releases the daybook at the end of a shift.
  int shutdown() {
    if (!stream_)
      return 0;
    int rc = std::fclose(stream_);
    stream_ = nullptr;
    if (fd_ >= 0)
      ::close(fd_); // BUG: double-close
    fd_ = -1;
    return rc;
  }

private:
  int fd_ = -1;
  FILE *stream_ = nullptr;
};

// Syncs a finished daybook to disk and closes it before it is archived.
int sealForArchive(FILE *book) {
  if (std::fflush(book) != 0) {
    std::fclose(book);
    return -1;
  }
  int fd = ::fileno(book);
  if (::fsync(fd) != 0) {
    int saved = errno;
    std::fclose(book);
    errno = saved;
    return -1;
  }
  ::close(fd);
  return std::fclose(book); // BUG: double-close
}

// Closes the stream first (so that its buffer reaches the file) and syncs
// through a private duplicate of the descriptor.
int closeThenSync(FILE *book) {
  int keep = ::dup(::fileno(book));
  if (std::fclose(book) != 0) {
    if (keep >= 0)
      ::close(keep);
    return -1;
  }
  if (keep < 0)
    return -1;
  int rc = ::fsync(keep); // OK: the dup()ed descriptor outlives the stream
  ::close(keep);
  return rc;
}

int runShift(const std::string &path, const std::vector<TarringBatch> &batches) {
  TarringDaybook book(path);
  if (!book.ready())
    return 1;
  for (const TarringBatch &batch : batches)
    book.record(batch);
  return book.shutdown() == 0 ? 0 : 2;
}

} // namespace ropewalk
