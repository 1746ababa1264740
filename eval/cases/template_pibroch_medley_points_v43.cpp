// Pipe-band competition scoring: the judges' points for each medley and
// pibroch round go to several sinks — the steward's card file (FILE*) and the
// results board in the arena (a raw fd). PointsSink<Backend> is a small
// template over the backend policy: emit() refuses to write once the sink is
// closed, close() is idempotent and the destructor closes what is still open.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace scoring {

struct StdioBackend {
  using handle_type = FILE *;
  static bool valid(FILE *f) { return f != nullptr; }
  static FILE *invalid() { return nullptr; }
  static void write(FILE *f, const std::string &s) { std::fputs(s.c_str(), f); }
  static void close(FILE *f) { std::fclose(f); }
};

struct FdBackend {
  using handle_type = int;
  static bool valid(int fd) { return fd >= 0; }
  static int invalid() { return -1; }
  static void write(int fd, const std::string &s) {
    if (::write(fd, s.data(), s.size()) < 0)
      throw std::runtime_error("results board write failed");
  }
  static void close(int fd) { ::close(fd); }
};

template <typename Backend> class PointsSink {
public:
  using handle_type = typename Backend::handle_type;
  explicit PointsSink(handle_type h) : h_(h) {}
  PointsSink(const PointsSink &) = delete;
  PointsSink &operator=(const PointsSink &) = delete;
  ~PointsSink() { close(); }

  void emit(const std::string &line) {
    if (!Backend::valid(h_))
      throw std::runtime_error("points sink closed");
    Backend::write(h_, line + "\n");
  }
  void close() {
    if (!Backend::valid(h_))
      return;
    Backend::close(h_);
    h_ = Backend::invalid();
  }
  bool isOpen() const { return Backend::valid(h_); }

private:
  handle_type h_;
};

struct BandPoints {
  std::string band;
  int piping = 0;
  int drumming = 0;
  int ensemble = 0;
  int total() const { return piping + drumming + ensemble; }
};

template <typename Sink>
void publishRound(Sink &sink, const std::string &round, const std::vector<BandPoints> &points) {
  sink.emit("round " + round); // SAME: lateround
  for (const BandPoints &p : points)
    sink.emit(p.band + " " + std::to_string(p.total()));
}

template <typename Sink>
void closeRound(Sink &sink, const std::vector<BandPoints> &points) {
  int best = 0;
  for (const BandPoints &p : points)
    best = p.total() > best ? p.total() : best;
  sink.close();
  sink.emit("top aggregate " + std::to_string(best)); // BUG: use-after-close
}

template <typename Sink> void closeQuietly(Sink &sink) {
  if (sink.isOpen())
    sink.close();
}

void medleyDay(const std::vector<BandPoints> &medley, const std::vector<BandPoints> &pibroch) {
  FILE *card = std::fopen("steward-card.txt", "w");
  if (!card)
    return;
  PointsSink<StdioBackend> steward(card);
  publishRound(steward, "medley", medley);
  publishRound(steward, "pibroch", pibroch);
  closeQuietly(steward);
  closeQuietly(steward); // OK
  steward.close(); // OK

  const int boardFd = ::open("/dev/ttyACM0", O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (boardFd < 0)
    return;
  {
    PointsSink<FdBackend> board(boardFd);
    publishRound(board, "medley", medley);
  }
  ::close(boardFd); // BUG: double-close
}

void grandFinal(const std::vector<BandPoints> &finalists) {
  FILE *card = std::fopen("grand-final.txt", "w");
  if (!card)
    return;
  PointsSink<StdioBackend> steward(card);
  publishRound(steward, "grand final", finalists);
  closeRound(steward, finalists);
}

void pibrochOnly(const std::vector<BandPoints> &pibroch) {
  const int boardFd = ::open("/dev/ttyACM0", O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (boardFd < 0)
    return;
  PointsSink<FdBackend> board(boardFd);
  publishRound(board, "pibroch", pibroch);
  board.close();
  if (board.isOpen())
    board.emit("provisional"); // OK
  publishRound(board, "pibroch (late entries)", pibroch); // BUG: use-after-close #lateround
}

} // namespace scoring
