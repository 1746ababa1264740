// Connection table of a small poll()-based proxy: client descriptors live in a
// std::vector<pollfd>, per-client output files in a std::map keyed by fd.
// Negative: a closed slot is marked (fd = -1) or erased before the loop moves
// on, a closed map entry is erased and its key is not looked up again, the
// reference to an element is rebound to a freshly opened file, and the final
// sweep skips every slot that was already closed.
#include <cstdio>
#include <map>
#include <poll.h>
#include <string>
#include <unistd.h>
#include <vector>

class ConnTable {
public:
  void add(int Fd) {
    Slots.push_back({Fd, POLLIN, 0});
    char Name[64];
    std::snprintf(Name, sizeof Name, "/tmp/proxy-%d.log", Fd);
    Logs[Fd] = std::fopen(Name, "w");
  }

  void pump() {
    if (::poll(Slots.data(), Slots.size(), 1000) <= 0)
      return;
    for (pollfd &P : Slots) {
      if (P.fd < 0 || !(P.revents & (POLLIN | POLLHUP)))
        continue;
      char Buf[4096];
      ssize_t N = ::read(P.fd, Buf, sizeof Buf);
      if (N <= 0) {
        drop(P);
        continue;
      }
      ::write(P.fd, Buf, static_cast<size_t>(N)); // OK: the closing branch continued
      if (FILE *Log = logFor(P.fd))
        std::fwrite(Buf, 1, static_cast<size_t>(N), Log);
    }
    compact();
  }

  void rotateLog(int Fd) {
    auto It = Logs.find(Fd);
    if (It == Logs.end() || !It->second)
      return;
    FILE *&Log = It->second;
    std::fclose(Log);
    Log = std::fopen(("/tmp/proxy-" + std::to_string(Fd) + ".log.new").c_str(), "w");
    if (Log)
      std::fputs("rotated\n", Log); // OK: the element now holds the reopened stream
  }

  void closeAll() {
    for (pollfd &P : Slots)
      if (P.fd >= 0)
        drop(P); // OK: slots already dropped are -1 and skipped
    Slots.clear();
  }

private:
  FILE *logFor(int Fd) {
    auto It = Logs.find(Fd);
    return It == Logs.end() ? nullptr : It->second;
  }
  void drop(pollfd &P) {
    auto It = Logs.find(P.fd);
    if (It != Logs.end()) {
      if (It->second)
        std::fclose(It->second); // OK: the entry is erased right after, never found again
      Logs.erase(It);
    }
    ::close(P.fd);
    P.fd = -1;
  }
  void compact() {
    std::vector<pollfd> Live;
    for (const pollfd &P : Slots)
      if (P.fd >= 0)
        Live.push_back(P);
    Slots.swap(Live);
  }

  std::vector<pollfd> Slots;
  std::map<int, FILE *> Logs;
};

int main() {
  ConnTable T;
  int Fds[2];
  if (::pipe(Fds) != 0)
    return 1;
  T.add(Fds[0]);
  T.add(Fds[1]);
  T.pump();
  T.rotateLog(Fds[1]);
  T.pump();
  T.closeAll();
  return 0;
}
