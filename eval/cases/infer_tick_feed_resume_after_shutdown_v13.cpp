// Market-data session of a trading desk: ticks are read from a descriptor
// (a pipe from the feed handler) by TickFeed, and every session event is
// appended to an AuditLog. Back-pressure pauses the feed; the drain callback
// resumes it, and may fire after the session was shut down.
//
// No BUG:
// - TickFeed::resume() and pause() return at once once the feed is closed,
//   so the late onDrained() after shutdown() does nothing;
// - TickFeed::close() is idempotent (fd set to -1), so the destructor's
//   close after shutdown() does not close a recycled descriptor;
// - readSome() on a closed feed returns -1/EBADF, which pump() checks;
// - AuditLog::close() throws when called twice, but FeedSession::shutdown()
//   runs its body once (Down flag), and ~AuditLog() only fcloses a FILE*
//   that is still set.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

class TickFeed {
public:
  explicit TickFeed(int Fd) : Fd(Fd) {}
  ~TickFeed() { close(); } // OK: idempotent, Fd is -1 after shutdown()
  TickFeed(const TickFeed &) = delete;

  void pause() {
    if (Fd < 0)
      return;
    Paused = true;
  }
  void resume() {
    if (Fd < 0)
      return;
    Paused = false;
  }
  ssize_t readSome(char *Buf, size_t Len) {
    if (Fd < 0) {
      errno = EBADF;
      return -1;
    }
    return Paused ? 0 : ::read(Fd, Buf, Len);
  }
  void close() {
    if (Fd < 0)
      return;
    ::close(Fd);
    Fd = -1;
  }

private:
  int Fd;
  bool Paused = false;
};

class AuditLog {
public:
  explicit AuditLog(const char *Path) : Out(std::fopen(Path, "a")) {}
  ~AuditLog() {
    if (Out)
      std::fclose(Out); // OK: only a FILE* that close() did not release
  }
  AuditLog(const AuditLog &) = delete;

  bool isOpen() const { return Out != nullptr; }
  void append(const std::string &Line) {
    if (!Out)
      throw std::runtime_error("audit log closed");
    std::fprintf(Out, "%s\n", Line.c_str());
  }
  void close() {
    if (!Out)
      throw std::runtime_error("audit log already closed");
    std::fclose(Out);
    Out = nullptr;
  }

private:
  std::FILE *Out;
};

class FeedSession {
public:
  FeedSession(int Fd, const char *AuditPath) : Feed(Fd), Log(AuditPath) {}

  void onSlowConsumer() {
    Feed.pause();
    Backpressure = true;
  }
  void onDrained() {
    if (!Backpressure)
      return;
    Feed.resume(); // a no-op once the feed is closed
    Backpressure = false;
  }
  long pump() {
    char Buf[4096];
    ssize_t N = Feed.readSome(Buf, sizeof Buf);
    if (N < 0)
      return -1;
    if (N > 0 && Log.isOpen())
      Log.append("read " + std::to_string(N) + " bytes");
    return N;
  }
  void shutdown() {
    if (Down)
      return;
    Down = true;
    Feed.close();
    if (Log.isOpen()) {
      Log.append("session closed");
      Log.close(); // OK: shutdown() runs this once
    }
  }

private:
  TickFeed Feed;
  AuditLog Log;
  bool Backpressure = false;
  bool Down = false;
};

int main() {
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return 1;
  if (::write(Pipe[1], "AAPL 189.5 189.6\n", 17) != 17)
    std::perror("feed pipe");
  FeedSession Session(Pipe[0], "/tmp/feed-audit.log");
  Session.pump();
  Session.onSlowConsumer();
  Session.shutdown();
  Session.onDrained(); // OK: resume() returns at once on the closed feed
  if (Session.pump() < 0) // readSome() reports EBADF, no read on the descriptor
    std::fprintf(stderr, "feed is closed\n");
  ::close(Pipe[1]);
  Session.shutdown(); // the second shutdown() returns at once
  return 0;
}
