// Oil rig mud pump monitor: stroke rates and discharge pressures from the
// pump PLC are streamed to the drilling control room over TCP and mirrored
// into a local spool file; when the uplink drops, the remaining samples go to
// the spool only and the spool is handed to the shipper at shift change.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct PumpSample {
  int pump;
  int strokesPerMin;
  double dischargeBar;
};

static bool writeAll(int fd, const char *buf, std::size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, buf, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    buf += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

static int connectControlRoom(const char *ip, std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static int openSpool(const char *path) {
  return ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
}

static void sealSpool(int spool, int shift) {
  char trailer[64];
  int len = std::snprintf(trailer, sizeof trailer, "END SHIFT %d\n", shift);
  writeAll(spool, trailer, static_cast<std::size_t>(len));
  ::fsync(spool);
  ::close(spool);
}

int streamShift(const char *ip, std::uint16_t port, const char *spoolPath, int shift,
                const std::vector<PumpSample> &samples) {
  int spool = openSpool(spoolPath);
  if (spool < 0)
    return -1;
  int sock = connectControlRoom(ip, port);

  int uplinked = 0;
  char line[96];
  for (const PumpSample &s : samples) {
    int len = std::snprintf(line, sizeof line, "P%d spm=%d bar=%.1f\n", s.pump,
                            s.strokesPerMin, s.dischargeBar);
    writeAll(spool, line, static_cast<std::size_t>(len));
    if (sock < 0)
      continue;
    if (!writeAll(sock, line, static_cast<std::size_t>(len))) {
      std::fprintf(stderr, "control room uplink lost after %d samples\n", uplinked);
      ::close(sock);
      sock = -1;
      continue;
    }
    ++uplinked;
  }

  if (sock >= 0) {
    writeAll(sock, "EOS\n", 4); // OK
    ::close(sock); // OK
  }

  sealSpool(spool, shift);
  if (::fsync(spool) != 0) // BUG: use-after-close
    std::perror("spool fsync");
  return uplinked;
}

int tailLastPressure(const char *spoolPath, char *out, std::size_t outLen) {
  int fd = ::open(spoolPath, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  off_t end = ::lseek(fd, 0, SEEK_END);
  if (end < 0) {
    ::close(fd);
    return -1;
  }
  off_t from = end > 256 ? end - 256 : 0;
  if (::lseek(fd, from, SEEK_SET) < 0) { // OK
    ::close(fd);
    return -1;
  }
  ssize_t n = ::read(fd, out, outLen - 1); // OK
  ::close(fd);
  if (n < 0)
    return -1;
  out[n] = '\0';
  return static_cast<int>(n);
}

bool sendFloorAlarm(int &alarmFd, const char *msg) {
  if (alarmFd < 0)
    return false;
  if (!writeAll(alarmFd, msg, std::strlen(msg))) {
    ::close(alarmFd);
    alarmFd = -1;
    return false;
  }
  return true;
}

void raiseOverpressure(int &alarmFd, int pump) {
  char msg[48];
  std::snprintf(msg, sizeof msg, "OVERPRESSURE P%d\n", pump);
  if (!sendFloorAlarm(alarmFd, msg))
    return;
  writeAll(alarmFd, "ACK?\n", 5); // OK
}
