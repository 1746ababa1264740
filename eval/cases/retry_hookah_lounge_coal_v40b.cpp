// Hookah lounge coal station. A controller talks to the coal heater over TCP,
// reads the tobacco scale over a socket, and drives the extractor-hood door
// (non-blocking). Closes are retried only when the previous close() failed.
// Three mistakes: close_door() uses `continue` where it meant `break`, so a
// successful close is followed by another; rotate_scale() closes the old scale
// descriptor again when the new dial fails, although drain_and_close() already
// closed it; release_door() retries on a stale EAGAIN left by the earlier
// non-blocking send ("||" instead of "&&").
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <cstring>
#include <unistd.h>

struct CoalStation {
  int heater = -1;
  int scale = -1;
  int door = -1;
  std::string name;
};

static bool interrupted(int rc) { return rc == -1 && errno == EINTR; }

static int dial(const char *path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::strncpy(a.sun_path, path, sizeof a.sun_path - 1);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Switches the heater off and closes the link; true when the close succeeded.
static bool shutdown_heater(int fd) {
  ::send(fd, "OFF\n", 4, MSG_NOSIGNAL);
  return ::close(fd) == 0;
}

static int drain_and_close(int fd) {
  char b[64];
  while (::recv(fd, b, sizeof b, MSG_DONTWAIT) > 0) {
  }
  return ::close(fd);
}

static void end_of_night(CoalStation &st) {
  if (!shutdown_heater(st.heater))
    ::close(st.heater); // OK: previous close failed
  st.heater = -1;
}

static void close_heater_fast(CoalStation &st) {
  int rc = ::close(st.heater);
  if (interrupted(rc))
    rc = ::close(st.heater); // OK: previous close failed
  st.heater = -1;
}

static int weigh_and_close(CoalStation &st, double *grams) {
  char buf[32];
  ssize_t n = ::recv(st.scale, buf, sizeof buf - 1, 0);
  if (n <= 0)
    goto fail;
  buf[n] = '\0';
  *grams = std::atof(buf);
  if (::close(st.scale) != 0 && errno != EINTR)
    goto fail;
  st.scale = -1;
  return 0;
fail:
  ::close(st.scale); // OK: previous close failed, or no close yet
  st.scale = -1;
  return -1;
}

static void close_door(CoalStation &st) {
  for (int tries = 0; tries < 3; ++tries) {
    if (::close(st.door) == 0) // BUG: double-close
      continue;
    if (errno != EINTR)
      break;
  }
  st.door = -1;
}

static void release_door(CoalStation &st) {
  bool busy = ::send(st.door, "SHUT\n", 5, MSG_DONTWAIT | MSG_NOSIGNAL) < 0;
  int rc = ::close(st.door);
  if (rc != 0 || errno == EAGAIN)
    ::close(st.door); // BUG: double-close
  st.door = -1;
  if (busy)
    std::fprintf(stderr, "hood door did not acknowledge\n");
}

static void rotate_scale(CoalStation &st, const char *path) {
  int old = st.scale;
  st.scale = dial(path);
  if (drain_and_close(old) == 0)
    std::fprintf(stderr, "%s: old scale link closed\n", st.name.c_str());
  if (st.scale < 0) {
    ::close(old); // BUG: double-close
    return;
  }
}

int close_lounge(const std::string &name, int variant) {
  CoalStation st;
  st.name = name;
  st.heater = dial("/run/coal-heater.sock");
  st.scale = dial("/run/tobacco-scale.sock");
  st.door = dial("/run/hood-door.sock");
  if (st.heater < 0 || st.scale < 0 || st.door < 0)
    return 1;
  if (variant == 0)
    end_of_night(st);
  else
    close_heater_fast(st);
  double grams = 0;
  if (variant == 2)
    rotate_scale(st, "/run/tobacco-scale-2.sock");
  else if (weigh_and_close(st, &grams) != 0)
    std::fprintf(stderr, "scale read failed\n");
  if (variant == 3)
    close_door(st);
  else
    release_door(st);
  if (st.scale >= 0)
    ::close(st.scale);
  return 0;
}
