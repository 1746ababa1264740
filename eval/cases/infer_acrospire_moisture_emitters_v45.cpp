// Germination floor of a maltings: moisture and acrospire-length readings of
// each couch are emitted to a sink that is either a CSV file (FileSink) or a
// datagram socket to the SCADA historian (SocketSink), held in a
// std::variant and driven with std::visit. Both sinks refuse to emit after
// close(). At the end of a piece (a germination batch) the sink is closed; when
// the historian comes back the variant is re-emplaced with a socket sink.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

struct CouchReading {
  int couch;
  double moisturePct;
  double acrospireRatio;
};

class FileSink {
public:
  explicit FileSink(const std::string &path) : f_(std::fopen(path.c_str(), "a")) {
    if (!f_)
      throw std::runtime_error("cannot open " + path);
  }
  FileSink(FileSink &&other) noexcept : f_(std::exchange(other.f_, nullptr)) {}
  FileSink &operator=(FileSink &&) = delete;
  ~FileSink() {
    if (f_)
      std::fclose(f_);
  }
  void emit(const CouchReading &r) {
    if (!f_)
      throw std::runtime_error("file sink closed");
    std::fprintf(f_, "%d,%.1f,%.2f\n", r.couch, r.moisturePct, r.acrospireRatio);
  }
  void close() {
    if (f_)
      std::fclose(std::exchange(f_, nullptr));
  }
  bool closed() const { return f_ == nullptr; }

private:
  FILE *f_;
};

class SocketSink {
public:
  explicit SocketSink(int connectedFd) : fd_(connectedFd) {}
  SocketSink(SocketSink &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  SocketSink &operator=(SocketSink &&) = delete;
  ~SocketSink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  void emit(const CouchReading &r) {
    if (fd_ < 0)
      throw std::runtime_error("historian socket closed");
    char dgram[64];
    int n = std::snprintf(dgram, sizeof dgram, "couch%d m=%.1f a=%.2f", r.couch, r.moisturePct,
                          r.acrospireRatio);
    ::send(fd_, dgram, static_cast<size_t>(n), 0);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }
  bool closed() const { return fd_ < 0; }

private:
  int fd_;
};

using ReadingSink = std::variant<FileSink, SocketSink>;

void emitTo(ReadingSink &sink, const CouchReading &r) {
  std::visit([&r](auto &s) { s.emit(r); }, sink); // SAME: piece-summary
}

void emitIfOpen(ReadingSink &sink, const CouchReading &r) {
  std::visit(
      [&r](auto &s) {
        if (!s.closed())
          s.emit(r);
      },
      sink);
}

void closeSink(ReadingSink &sink) {
  std::visit([](auto &s) { s.close(); }, sink);
}

class GerminationPiece {
public:
  GerminationPiece(int piece, ReadingSink sink) : piece_(piece), sink_(std::move(sink)) {}

  void sample(const CouchReading &r) {
    readings_.push_back(r);
    emitTo(sink_, r);
  }

  void endPiece() {
    std::printf("piece %d: %zu readings\n", piece_, readings_.size());
    closeSink(sink_);
    if (!readings_.empty())
      emitTo(sink_, summary()); // BUG: use-after-close #piece-summary
  }

  void lateProbe(const CouchReading &r) {
    closeSink(sink_);
    emitIfOpen(sink_, r); // OK
  }

  void historianBack(int fd) {
    closeSink(sink_);
    sink_.emplace<SocketSink>(fd);
    emitTo(sink_, summary()); // OK
  }

private:
  CouchReading summary() const {
    CouchReading total{0, 0.0, 0.0};
    for (const auto &r : readings_) {
      total.moisturePct += r.moisturePct / readings_.size();
      total.acrospireRatio += r.acrospireRatio / readings_.size();
    }
    return total;
  }

  int piece_;
  ReadingSink sink_;
  std::vector<CouchReading> readings_;
};

int main() {
  GerminationPiece piece(412, ReadingSink(std::in_place_type<FileSink>, "/srv/germ/piece412.csv"));
  piece.sample({3, 44.5, 0.62});
  piece.sample({4, 45.1, 0.66});
  piece.lateProbe({5, 45.0, 0.70});
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_DGRAM, 0, fds) == 0) {
    piece.historianBack(fds[0]);
    ::close(fds[1]);
  }
  piece.endPiece();
}
