// Controller for a heliograph relay station: a heliostat mirror is aimed over
// a serial line (/dev/ttyHELIO) and sun-position fixes arrive on a UDP
// socket. open_station() has a cleanup label that closes the serial port a
// second time after the bind-failure branch already closed it; aim_mirror()
// closes the port when a write fails with anything but EAGAIN, and still
// drains it. The journal written through a dup()ed descriptor, the
// reset-to-minus-one pattern and the wake pipe are correct.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

struct Station {
  int port = -1;       // serial line to the mirror actuator
  int sun_sock = -1;   // UDP fixes from the ephemeris box
  int wake[2] = {-1, -1};
};

static void close_fd(int& fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

int open_station(Station& st, unsigned short udp_port) {
  st.sun_sock = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (st.sun_sock < 0) return -1;
  st.port = ::open("/dev/ttyHELIO", O_RDWR | O_NOCTTY);
  if (st.port < 0) goto fail;
  {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(udp_port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(st.sun_sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      std::perror("bind");
      ::close(st.port);
      goto fail;
    }
  }
  if (::pipe(st.wake) != 0) {
    close_fd(st.port);
    goto fail;
  }
  return 0;
fail:
  ::close(st.sun_sock);
  st.sun_sock = -1;
  if (st.port >= 0) ::close(st.port);  // BUG: double-close
  return -1;
}

// Sends an aim command (azimuth/elevation in hundredths of a degree).
int aim_mirror(Station& st, int az, int el) {
  char cmd[48];
  int len = std::snprintf(cmd, sizeof cmd, "AIM %05d %05d\r", az, el);
  ssize_t n = ::write(st.port, cmd, static_cast<size_t>(len));
  if (n != len) {
    int err = errno;
    std::fprintf(stderr, "aim write: %s\n", std::strerror(err));
    if (err != EAGAIN) ::close(st.port);
  }
  return ::tcdrain(st.port);  // BUG: use-after-close
}

// Keeps a journal of aim commands on a duplicate of the serial descriptor.
void hand_over_to_backup(Station& st) {
  int journal = ::dup(st.port);
  if (journal < 0) return;
  close_fd(st.port);
  const char note[] = "HANDOVER\r";
  ::write(journal, note, sizeof note - 1);  // OK: dup()ed descriptor stays open
  ::close(journal);
  if (st.port >= 0) ::write(st.port, note, sizeof note - 1);  // OK: port was reset to -1
}

// Reads one fix; the wake pipe interrupts the wait when the station stops.
int read_fix(Station& st, char* buf, size_t cap, sockaddr_in& from, socklen_t& from_len) {
  from_len = sizeof from;
  ssize_t n = ::recvfrom(st.sun_sock, buf, cap - 1, 0, reinterpret_cast<sockaddr*>(&from), &from_len);
  if (n < 0) {
    if (errno == EINTR) return 0;
    close_fd(st.sun_sock);
    return -1;
  }
  buf[n] = '\0';
  return static_cast<int>(n);
}

void stop_station(Station& st) {
  const char b = 'x';
  if (st.wake[1] >= 0) ::write(st.wake[1], &b, 1);
  close_fd(st.wake[1]);
  char drained;
  ::read(st.wake[0], &drained, 1);  // OK: only the write end was closed
  close_fd(st.wake[0]);
  close_fd(st.sun_sock);
  close_fd(st.port);
  close_fd(st.port);  // OK: close_fd resets to -1, the second call is a no-op
}

void poll_once(Station& st) {
  char fix[96];
  sockaddr_in from{};
  socklen_t from_len = 0;
  if (read_fix(st, fix, sizeof fix, from, from_len) < 0) return;
  ::sendto(st.sun_sock, "ACK", 3, 0, reinterpret_cast<sockaddr*>(&from), from_len);  // OK: read_fix closes only on the path that returned
}
