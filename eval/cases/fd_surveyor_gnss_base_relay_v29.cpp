// Surveyor's GNSS base station: reads RTCM correction frames from the receiver's serial
// port and relays them over UDP to the rovers working the site; the receiver's status
// text goes to a daily file through stdio. Correct: every descriptor is closed exactly
// once and never used afterwards - closed members are reset to -1 and checked, the
// status file's descriptor is owned by its FILE* after fdopen, the relay keeps a dup()
// of the port that stays open after the original is closed, and error branches return.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct Rover {
  std::string name;
  sockaddr_in addr{};
};

class CorrectionRelay {
public:
  ~CorrectionRelay() { stop(); }
  bool start(const char *port_path);
  int pump(const std::vector<Rover> &rovers);
  void stop();
  bool running() const { return port_ >= 0; }

private:
  int port_ = -1;
  int udp_ = -1;
  long frames_ = 0;
};

bool CorrectionRelay::start(const char *port_path) {
  int opened = ::open(port_path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
  if (opened < 0)
    return false;
  port_ = ::dup(opened);
  ::close(opened);
  if (port_ < 0)
    return false;
  udp_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (udp_ < 0) {
    ::close(port_);
    port_ = -1;
    return false;
  }
  return ::fcntl(port_, F_SETFL, O_NONBLOCK) == 0; // OK
}

int CorrectionRelay::pump(const std::vector<Rover> &rovers) {
  if (port_ < 0)
    return -1;
  unsigned char frame[1029];
  ssize_t n = ::read(port_, frame, sizeof frame);
  if (n < 0 && errno == EAGAIN)
    return 0;
  if (n <= 0) {
    stop();
    return -1;
  }
  int delivered = 0;
  for (const Rover &r : rovers) {
    if (::sendto(udp_, frame, static_cast<size_t>(n), 0,
                 reinterpret_cast<const sockaddr *>(&r.addr), sizeof r.addr) == n)
      ++delivered;
  }
  ++frames_;
  return delivered;
}

void CorrectionRelay::stop() {
  if (port_ >= 0) {
    ::close(port_);
    port_ = -1;
  }
  if (udp_ >= 0) {
    ::close(udp_); // OK
    udp_ = -1;
  }
}

static int write_status_file(const char *path, const std::vector<std::string> &lines) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  FILE *out = ::fdopen(fd, "w");
  if (!out) {
    ::close(fd);
    return -1;
  }
  for (const std::string &l : lines)
    std::fprintf(out, "%s\n", l.c_str());
  if (std::fflush(out) != 0 || ::fsync(::fileno(out)) != 0) {
    std::fclose(out);
    return -1;
  }
  return std::fclose(out) == 0 ? 0 : -1; // OK
}

int run_base_station(const char *port_path, const char *status_path,
                     const std::vector<Rover> &rovers, int max_frames) {
  CorrectionRelay relay;
  if (!relay.start(port_path))
    return -1;
  int relayed = 0;
  while (relay.running() && relayed < max_frames) {
    int n = relay.pump(rovers); // OK
    if (n < 0)
      break;
    if (n > 0)
      ++relayed;
    else
      ::usleep(20000);
  }
  relay.stop(); // OK
  std::vector<std::string> status{"frames " + std::to_string(relayed),
                                  "rovers " + std::to_string(rovers.size())};
  return write_status_file(status_path, status);
}
