// Finalizer of a ropewalk's fibre-batch files (sisal and coir tallies), run
// single-threaded at the end of the day. It has two "retry the close" loops:
//  - closeDescriptor() repeats ::close() only while it fails with EINTR. Where
//    an interrupted close leaves the descriptor open (HP-UX, and what older
//    POSIX allowed) the retry is required; on Linux the descriptor is already
//    released and the retry fails harmlessly with EBADF because no other thread
//    can reuse the number in between. Counted as correct.
//  - flushTally() repeats std::fclose() whenever it fails. C11 7.21.5.1 says
//    the stream is disassociated from the file whether or not fclose()
//    succeeds, so every retry is a second fclose() of a released FILE*: a bug.
// Also a bug: writeHeader() closes the descriptor when the header write fails
// and finalizeBatch() closes it again on that path.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace ropewalk {

struct FibreBatch {
  std::string fibre;
  int bales;
  double kilograms;
};

int closeDescriptor(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK: repeated only after EINTR
  } while (rc != 0 && errno == EINTR);
  return rc;
}

bool flushTally(FILE *tally, int maxAttempts) {
  int attempt = 0;
  while (std::fclose(tally) != 0) { // BUG: double-close
    if (++attempt >= maxAttempts)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// Surfaces write errors with fflush() while the stream is still open, then
// closes it exactly once.
bool sealTally(FILE *&tally) {
  if (tally == nullptr)
    return true;
  bool ok = std::fflush(tally) == 0;
  ok = std::fclose(std::exchange(tally, nullptr)) == 0 && ok;
  return ok;
}

static bool writeHeader(int fd, const FibreBatch &batch) {
  std::string header = "fibre=" + batch.fibre + " bales=" + std::to_string(batch.bales) + "\n";
  if (::write(fd, header.data(), header.size()) != static_cast<ssize_t>(header.size())) {
    ::close(fd);
    return false;
  }
  return true;
}

bool finalizeBatch(const std::string &path, const FibreBatch &batch) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  if (!writeHeader(fd, batch)) {
    ::close(fd); // BUG: double-close
    return false;
  }
  std::string body = "kg=" + std::to_string(batch.kilograms) + "\n";
  if (::write(fd, body.data(), body.size()) != static_cast<ssize_t>(body.size()) ||
      ::fsync(fd) != 0) {
    closeDescriptor(fd);
    return false;
  }
  return closeDescriptor(fd) == 0;
}

// The sisal tally is sealed when the last sisal walk ends, and once more at
// the end of the day in case no walk did.
int finishDay(FILE *&sisalTally, FILE *coirTally, bool lastSisalWalkEnded) {
  int failures = 0;
  if (lastSisalWalkEnded && !sealTally(sisalTally))
    ++failures;
  if (!flushTally(coirTally, 3))
    ++failures;
  if (!sealTally(sisalTally)) // OK: sealTally() nulled the pointer, the second call returns at once
    ++failures;
  return failures;
}

} // namespace ropewalk
