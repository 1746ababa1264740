// Museum audio guides: at opening time the dock pushes the day's tour track
// list to every handheld guide unit over a TCP socket. handshake() closes the
// socket and throws GuideError when the unit does not take the greeting;
// tryResume() closes the socket and returns false when the unit refuses to
// resume an interrupted transfer.
// Defect: syncWithFallback() catches GuideError and sends the legacy reboot
// request on the same socket, which handshake() has already closed, and then
// closes it again.
// Correct: syncUnit() lets the exception propagate; resumeUnit() returns as
// soon as tryResume() reports failure.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct GuideUnit {
  std::string id;
  std::string language;
  bool legacyFirmware = false;
};

class GuideError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static bool sendLine(int fd, const std::string &line) {
  std::string framed = line + "\r\n";
  return ::send(fd, framed.data(), framed.size(), MSG_NOSIGNAL) == // SAME: legacy
         static_cast<ssize_t>(framed.size());
}

// On failure the socket is closed and GuideError is thrown.
static void handshake(int fd, const GuideUnit &u) {
  if (!sendLine(fd, "GUIDE/2 " + u.id + " " + u.language)) {
    ::close(fd);
    throw GuideError("handshake failed for unit " + u.id);
  }
}

// Returns false (and closes the socket) when the unit refuses to resume.
static bool tryResume(int fd, const GuideUnit &u, size_t fromTrack) {
  if (!sendLine(fd, "RESUME " + u.id + " " + std::to_string(fromTrack))) {
    ::close(fd);
    return false;
  }
  return true;
}

void syncUnit(int fd, const GuideUnit &u, const std::vector<std::string> &tracks) {
  handshake(fd, u);
  for (const std::string &t : tracks)
    sendLine(fd, "TRACK " + t); // OK: reached only when handshake() did not close fd
  sendLine(fd, "END"); // OK
  ::close(fd); // OK: handshake() closes only on the throwing path
}

void syncWithFallback(int fd, const GuideUnit &u, const std::vector<std::string> &tracks) {
  try {
    handshake(fd, u);
  } catch (const GuideError &e) {
    // Old firmware ignores GUIDE/2; tell it to reboot into the legacy
    // protocol and let the dock pick it up on its next connection.
    std::fprintf(stderr, "%s, requesting legacy reboot\n", e.what());
    sendLine(fd, "LEGACY-REBOOT " + u.id); // BUG: use-after-close #legacy
    ::close(fd); // BUG: double-close
    return;
  }
  for (const std::string &t : tracks)
    sendLine(fd, "TRACK " + t); // OK: handshake() succeeded
  ::close(fd); // OK
}

bool resumeUnit(int fd, const GuideUnit &u, const std::vector<std::string> &tracks,
                size_t fromTrack) {
  if (!tryResume(fd, u, fromTrack))
    return false;
  for (size_t i = fromTrack; i < tracks.size(); ++i)
    sendLine(fd, "TRACK " + tracks[i]); // OK: tryResume() succeeded, fd is open
  ::close(fd); // OK
  return true;
}

int openingTime(const std::vector<GuideUnit> &units, const std::vector<int> &sockets,
                const std::vector<std::string> &tracks) {
  int failed = 0;
  for (size_t i = 0; i < units.size() && i < sockets.size(); ++i) {
    if (units[i].legacyFirmware) {
      syncWithFallback(sockets[i], units[i], tracks);
      continue;
    }
    try {
      syncUnit(sockets[i], units[i], tracks);
    } catch (const GuideError &e) {
      std::fprintf(stderr, "unit skipped: %s\n", e.what());
      ++failed;
    }
  }
  return failed;
}
