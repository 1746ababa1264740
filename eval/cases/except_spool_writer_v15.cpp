// Spool writer of a log shipper: each batch is written to a spool file (a
// POSIX descriptor) and announced to the indexer through a
// kafka::KafkaProducer (send() after close() fails). Failures are reported
// with exceptions; the writer cleans up its descriptors in catch handlers
// and rethrows.
#include "messaging.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace shipper {

struct Batch {
  std::string Id;
  std::vector<std::string> Lines;
};

struct SpoolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class SpoolWriter {
public:
  SpoolWriter(std::string Dir, kafka::KafkaProducer &Announcer)
      : Dir(std::move(Dir)), Announcer(Announcer) {}
  void writeBatch(const Batch &B);
  void sealBatch(const Batch &B);
  void publish(const Batch &B);
  void compact(const std::string &From, const std::string &To);
  void finishSpool(int Fd, const Batch &B);

private:
  static void writeAll(int Fd, const std::string &Data);
  static void copyFile(int In, int Out);
  static void closeQuietly(int Fd) noexcept;
  static std::string manifestFor(const Batch &B);

  std::string Dir;
  kafka::KafkaProducer &Announcer;
};

void SpoolWriter::writeAll(int Fd, const std::string &Data) {
  const char *P = Data.data();
  std::size_t Left = Data.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0)
      throw SpoolError(std::string("spool write failed: ") + std::strerror(errno));
    P += N;
    Left -= static_cast<std::size_t>(N);
  }
}

void SpoolWriter::copyFile(int In, int Out) {
  char Buf[8192];
  for (;;) {
    ssize_t N = ::read(In, Buf, sizeof Buf);
    if (N < 0)
      throw SpoolError(std::string("spool read failed: ") + std::strerror(errno));
    if (N == 0)
      return;
    writeAll(Out, std::string(Buf, static_cast<std::size_t>(N)));
  }
}

void SpoolWriter::closeQuietly(int Fd) noexcept {
  if (Fd >= 0)
    ::close(Fd);
}

std::string SpoolWriter::manifestFor(const Batch &B) {
  if (B.Id.empty())
    throw std::invalid_argument("batch without id");
  return B.Id + " " + std::to_string(B.Lines.size());
}

void SpoolWriter::writeBatch(const Batch &B) {
  const std::string Path = Dir + "/" + B.Id + ".spool";
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0)
    throw SpoolError("cannot open " + Path);
  try {
    for (const std::string &L : B.Lines)
      writeAll(Fd, L + "\n");
    ::fsync(Fd);
    ::close(Fd);
  } catch (...) {
    ::close(Fd); // OK: the close in the try is its last call and cannot throw
    ::unlink(Path.c_str());
    throw;
  }
}

void SpoolWriter::sealBatch(const Batch &B) {
  const std::string Path = Dir + "/" + B.Id + ".count";
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0)
    throw SpoolError("cannot open " + Path);
  try {
    writeAll(Fd, std::to_string(B.Lines.size()) + "\n");
    ::close(Fd);
    Announcer.send({"spool.sealed", manifestFor(B)});
  } catch (const std::exception &) {
    ::close(Fd); // BUG: double-close
    ::unlink(Path.c_str());
    throw;
  }
}

void SpoolWriter::publish(const Batch &B) {
  try {
    Announcer.send({"spool.manifest", manifestFor(B)});
    for (const std::string &L : B.Lines)
      Announcer.send({"spool.lines", L});
  } catch (const std::exception &E) {
    std::fprintf(stderr, "publish of batch failed: %s\n", E.what());
    Announcer.close();
  }
  Announcer.send({"spool.done", B.Id}); // BUG: use-after-close
}

// Appends the end-of-batch trailer to an open spool file and closes it.
void SpoolWriter::finishSpool(int Fd, const Batch &B) {
  try {
    writeAll(Fd, "end " + manifestFor(B) + "\n");
  } catch (const std::invalid_argument &E) {
    std::fprintf(stderr, "spool trailer skipped: %s\n", E.what());
    ::close(Fd);
  }
  ::fsync(Fd); // BUG: use-after-close
  ::close(Fd); // BUG: double-close
}

void SpoolWriter::compact(const std::string &From, const std::string &To) {
  int In = ::open(From.c_str(), O_RDONLY);
  if (In < 0)
    throw SpoolError("cannot open " + From);
  int Out = ::open(To.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  try {
    if (Out < 0)
      throw SpoolError("cannot create " + To);
    copyFile(In, Out);
    closeQuietly(In);
    closeQuietly(Out);
  } catch (...) {
    closeQuietly(In); // OK: the closes in the try are noexcept and come last
    closeQuietly(Out); // OK: the closes in the try are noexcept and come last
    throw;
  }
}

} // namespace shipper
