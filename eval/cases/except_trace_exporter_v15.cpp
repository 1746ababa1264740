// Trace exporter of an observability agent. Spans go out over a TraceChannel
// (a socket wrapper defined below) and spill files are replayed from disk.
// The exporter closes its channel in catch handlers when an export fails.
// Correct (no defect): every catch that closes either rethrows or returns,
// the closes in the catches are guarded by isOpen() where the try may
// already have closed, and a spill descriptor is closed exactly once.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <vector>

namespace agent {

// TraceChannel: send() throws std::runtime_error("trace channel closed")
// once close() was called, and std::runtime_error on a failed write.
// close() releases the socket; a second close() throws std::logic_error.
// The first close() never throws.
class TraceChannel {
public:
  explicit TraceChannel(int Sock) : Sock(Sock) {}
  ~TraceChannel();
  void send(const std::string &Frame);
  void close();
  bool isOpen() const { return Sock >= 0; }

private:
  int Sock;
};

TraceChannel::~TraceChannel() {
  if (Sock >= 0)
    ::close(Sock);
}

void TraceChannel::send(const std::string &Frame) {
  if (Sock < 0)
    throw std::runtime_error("trace channel closed");
  if (::write(Sock, Frame.data(), Frame.size()) != static_cast<ssize_t>(Frame.size()))
    throw std::runtime_error("trace channel write failed");
}

void TraceChannel::close() {
  if (Sock < 0)
    throw std::logic_error("trace channel closed twice");
  ::close(Sock);
  Sock = -1;
}

struct Span {
  std::string TraceId;
  std::string Body;
};

class Exporter {
public:
  explicit Exporter(TraceChannel &Ch) : Ch(Ch) {}
  void exportSpans(const std::vector<Span> &Spans);
  void finish();
  bool probe();
  void replaySpill(const std::string &Path);

private:
  TraceChannel &Ch;
};

void Exporter::exportSpans(const std::vector<Span> &Spans) {
  try {
    for (const Span &S : Spans)
      Ch.send(S.TraceId + " " + S.Body);
  } catch (...) {
    if (Ch.isOpen())
      Ch.close();
    throw;
  }
  Ch.send("batch-end " + std::to_string(Spans.size())); // OK: the catch rethrows
}

void Exporter::finish() {
  try {
    Ch.send("bye");
    Ch.close();
  } catch (const std::runtime_error &) {
    if (Ch.isOpen())
      Ch.close(); // OK: only when the try did not close
    throw;
  }
}

bool Exporter::probe() {
  try {
    Ch.send("probe");
  } catch (const std::runtime_error &) {
    if (Ch.isOpen())
      Ch.close();
    return false;
  }
  Ch.send("probe-done"); // OK: the catch returns
  return true;
}

void Exporter::replaySpill(const std::string &Path) {
  int Spill = ::open(Path.c_str(), O_RDONLY);
  if (Spill < 0)
    throw std::runtime_error("cannot open spill " + Path);
  try {
    char Buf[4096];
    ssize_t N;
    while ((N = ::read(Spill, Buf, sizeof Buf)) > 0)
      Ch.send(std::string(Buf, static_cast<std::size_t>(N)));
    if (N < 0)
      throw std::runtime_error("spill read failed");
  } catch (...) {
    ::close(Spill);
    throw;
  }
  ::close(Spill); // OK: the catch rethrows, so this runs only after the try
  ::unlink(Path.c_str());
}

} // namespace agent
