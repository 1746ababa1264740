// Pilgrim hostel network: the hostel writes route notes and blessings to the messenger
// fifo of an anchorite's cell. The helpers close the descriptor only on their error path:
// push_itinerary() closes on a short write and returns false, send_blessing() closes and
// returns a failed Result with errno, and expect_reply() closes and calls the [[noreturn]]
// excommunicate(). send_route_sloppy ignores push_itinerary()'s result, so on a short
// write it writes and closes an fd the helper already closed; bless_group breaks out of
// its loop on failure and then closes the fd a second time.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Result {
  bool ok = true;
  int err = 0;
  explicit operator bool() const { return ok; }
};

static bool push_itinerary(int fd, const std::string& text) {
  ssize_t n = ::write(fd, text.data(), text.size());
  if (n != static_cast<ssize_t>(text.size())) {
    ::close(fd);
    return false;
  }
  return true;
}

static Result send_blessing(int fd, const std::string& name) {
  std::string msg = "BLESS " + name + "\n";
  if (::write(fd, msg.data(), msg.size()) < 0) {
    int e = errno;
    ::close(fd);
    return Result{false, e};
  }
  return Result{};
}

[[noreturn]] static void excommunicate(int fd, const char* why) {
  ::close(fd);
  throw std::runtime_error(why);
}

static void expect_reply(int fd) {
  char c = 0;
  if (::read(fd, &c, 1) != 1 || c != '+') excommunicate(fd, "anchorite did not answer");
}

static int open_messenger(const char* path) {
  int fd = ::open(path, O_RDWR | O_NONBLOCK);
  if (fd < 0) return -1;
  return fd;
}

void send_route(const char* path, const std::string& route) {
  int fd = open_messenger(path);
  if (fd < 0) return;
  if (!push_itinerary(fd, route)) return;
  ::write(fd, "AMEN\n", 5);  // OK: the failure path returned
  ::close(fd);  // OK: the only close on the success path
}

void send_route_sloppy(const char* path, const std::string& route) {
  int fd = open_messenger(path);
  if (fd < 0) return;
  push_itinerary(fd, route);
  ::write(fd, "AMEN\n", 5);  // BUG: use-after-close
  ::close(fd);  // BUG: double-close
}

void bless_group(int fd, const std::vector<std::string>& names) {
  for (const auto& n : names) {
    Result r = send_blessing(fd, n);
    if (!r) {
      std::fprintf(stderr, "blessing for %s failed: errno %d\n", n.c_str(), r.err);
      break;
    }
  }
  ::close(fd);  // BUG: double-close
}

void bless_group_checked(int fd, const std::vector<std::string>& names) {
  for (const auto& n : names) {
    if (!send_blessing(fd, n)) return;  // OK: a failed helper already closed fd
  }
  ::close(fd);  // OK: reached only when every blessing went out
}

void vigil(const char* path, const std::string& psalm) {
  int fd = open_messenger(path);
  if (fd < 0) return;
  ::write(fd, psalm.data(), psalm.size());  // OK
  expect_reply(fd);
  ::write(fd, "THANKS\n", 7);  // OK: expect_reply closes only before throwing
  ::close(fd);  // OK
}

bool vigil_nothrow(const char* path, const std::string& psalm) {
  int fd = open_messenger(path);
  if (fd < 0) return false;
  try {
    expect_reply(fd);
  } catch (const std::runtime_error&) {
    return false;
  }
  ::write(fd, psalm.data(), psalm.size());  // OK: the failure path returned from the handler
  ::close(fd);  // OK
  return true;
}
