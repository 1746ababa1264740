// Game server match session: a match holds the player's socket, a replay
// recorder (FILE*) and a spectator relay descriptor. The socket is closed by
// the reader thread when the player hangs up, goes idle or the match stops,
// and again attempted by stop() after joining the reader: both go through
// closeSocket(), which uses std::call_once. The replay file is finished either
// by the match clock thread (time limit), by the reader or by the destructor,
// behind an atomic exchange. The spectator relay is re-pointed with dup()
// after its first close.
// Negative case: each close runs at most once per handle (call_once,
// exchange(true), or a reassigned descriptor); the socket is only read by the
// reader thread, which closes it itself after its last recv(); replay writes
// happen under replayMu_ after checking the flag finishReplay() sets before
// it takes the same mutex to fclose.
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace game {

class MatchSession {
public:
  MatchSession(int sock, FILE *replay, int spectatorFd, std::chrono::seconds limit)
      : sock_(sock), replay_(replay), spectator_(spectatorFd), limit_(limit) {}
  ~MatchSession() {
    stop();
    finishReplay(); // OK: exchange(true) lets only the first caller fclose
    ::close(spectator_); // OK: spectator_ holds the dup()ed descriptor after relink
  }

  void start() {
    reader_ = std::thread([this] { readLoop(); });
    clock_ = std::thread([this] {
      std::unique_lock<std::mutex> lk(clockMu_);
      if (!clockCv_.wait_for(lk, limit_, [this] { return stopping_.load(); }))
        finishReplay(); // OK: time is up; the exchange keeps the fclose single
    });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> g(clockMu_);
      stopping_ = true;
    }
    clockCv_.notify_all();
    if (clock_.joinable())
      clock_.join();
    if (reader_.joinable())
      reader_.join();
    closeSocket(); // OK: call_once, the reader has normally closed it already
  }

  // The spectator relay moved: close the old relay socket, use the new one.
  void relinkSpectators(int newRelay) {
    ::close(spectator_);
    spectator_ = ::dup(newRelay);
    const char hello[] = "SPECTATE resume\n";
    ::send(spectator_, hello, sizeof hello - 1, MSG_NOSIGNAL); // OK: spectator_ was reassigned
  }

  void finishReplay() {
    if (replayDone_.exchange(true))
      return;
    std::lock_guard<std::mutex> g(replayMu_);
    std::fprintf(replay_, "END %ld\n", frames_);
    std::fclose(replay_);
  }

private:
  void closeSocket() {
    std::call_once(sockOnce_, [this] { ::close(sock_); });
  }

  void readLoop() {
    using namespace std::chrono;
    char buf[512];
    auto lastInput = steady_clock::now();
    while (!stopping_) {
      pollfd p{sock_, POLLIN, 0};
      int r = ::poll(&p, 1, 200);
      if (r < 0)
        break;
      if (r == 0) {
        if (steady_clock::now() - lastInput > seconds(30))
          break; // idle player
        continue;
      }
      ssize_t n = ::recv(sock_, buf, sizeof buf, 0);
      if (n <= 0)
        break;
      lastInput = steady_clock::now();
      record(buf, static_cast<size_t>(n));
    }
    closeSocket(); // OK: call_once runs the close body only once
    finishReplay(); // OK: exchange(true) guards the fclose
  }

  void record(const char *data, size_t n) {
    std::lock_guard<std::mutex> g(replayMu_);
    if (replayDone_)
      return;
    std::fwrite(data, 1, n, replay_); // OK: finishReplay() sets the flag before it takes replayMu_
    ++frames_;
  }

  int sock_;
  FILE *replay_;
  int spectator_;
  std::chrono::seconds limit_;
  std::once_flag sockOnce_;
  std::atomic<bool> replayDone_{false};
  std::atomic<bool> stopping_{false};
  std::mutex replayMu_;
  std::mutex clockMu_;
  std::condition_variable clockCv_;
  long frames_ = 0;
  std::thread reader_, clock_;
};

} // namespace game

int main() {
  int player[2], relayA[2], relayB[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, player) || ::socketpair(AF_UNIX, SOCK_STREAM, 0, relayA) ||
      ::socketpair(AF_UNIX, SOCK_STREAM, 0, relayB))
    return 1;
  FILE *replay = std::fopen("/tmp/match-9001.replay", "w");
  if (!replay)
    return 1;
  {
    game::MatchSession match(player[0], replay, relayA[0], std::chrono::seconds(600));
    match.start();
    ::send(player[1], "MOVE e2e4\n", 10, MSG_NOSIGNAL);
    match.relinkSpectators(relayB[0]);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    match.stop();
  }
  ::close(relayB[0]); // OK: the session closed its dup(), not relayB[0] itself
  return 0;
}
