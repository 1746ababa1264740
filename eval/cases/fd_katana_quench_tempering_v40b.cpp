// Swordsmith's quench station. A thermocouple daemon is reached over a UNIX
// socket; each blade's quench (clay-coated edge into the water trough) is written
// to a per-blade record file, and a photo of the hamon is uploaded afterwards.
// Two mistakes: abort_quench() sends STOP on the probe socket after
// drop_probe() closed it (drop_probe leaves resetting the field to the caller),
// and upload_hamon_photo() closes the upload socket a second time after the
// send-failure branch inside the loop already closed it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

struct QuenchSession {
  int probe = -1;
  int record = -1;
  std::string blade_id;
};

static int connect_unix(const char *path) {
  int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path, sizeof addr.sun_path - 1);
  if (::connect(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

static int read_temp(int fd, double *out) {
  char buf[32];
  ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return -1;
  buf[n] = '\0';
  *out = std::strtod(buf, nullptr);
  return 0;
}

// Closes the probe socket; callers reset the field themselves.
static void drop_probe(QuenchSession &s) {
  if (s.probe >= 0)
    ::close(s.probe);
}

static void abort_quench(QuenchSession &s, const char *why) {
  drop_probe(s);
  std::string msg = std::string("STOP ") + why + "\n";
  ::send(s.probe, msg.data(), msg.size(), MSG_NOSIGNAL); // BUG: use-after-close
  s.probe = -1;
}

static void end_session(QuenchSession &s) {
  if (s.probe >= 0)
    ::send(s.probe, "BYE\n", 4, MSG_NOSIGNAL);
  drop_probe(s);
  s.probe = -1;
}

static void ping_probe(const QuenchSession &s) {
  if (s.probe < 0)
    return;
  ::send(s.probe, "PING\n", 5, MSG_NOSIGNAL); // OK: end_session resets the field after closing
}

static int record_quench(QuenchSession &s, double start, double end_temp) {
  char line[128];
  int len = std::snprintf(line, sizeof line, "%s %.1f -> %.1f\n", s.blade_id.c_str(), start, end_temp);
  if (::write(s.record, line, len) != len)
    goto fail;
  if (::fsync(s.record) != 0)
    goto fail;
  ::close(s.record);
  s.record = -1;
  return 0;
fail:
  ::close(s.record); // OK: only reached before the close above
  s.record = -1;
  return -1;
}

static int upload_hamon_photo(const char *uploader, const char *photo) {
  int in = ::open(photo, O_RDONLY);
  if (in < 0)
    return -1;
  int sock = connect_unix(uploader);
  if (sock < 0) {
    ::close(in);
    return -1;
  }
  char buf[4096];
  ssize_t n;
  int rc = 0;
  while ((n = ::read(in, buf, sizeof buf)) > 0) {
    if (::send(sock, buf, n, MSG_NOSIGNAL) != n) {
      ::close(sock);
      rc = -1;
      break;
    }
  }
  ::close(in);
  ::close(sock); // BUG: double-close
  return rc;
}

// The tempering logger keeps its own descriptor so the session may close the record.
static int handoff_record(QuenchSession &s) {
  int copy = ::dup(s.record);
  if (copy < 0)
    return -1;
  ::close(s.record);
  s.record = -1;
  const char msg[] = "handed to tempering oven\n";
  ::write(copy, msg, sizeof msg - 1); // OK: dup'd descriptor is distinct
  return copy;
}

int quench_blade(const std::string &blade, bool hand_off) {
  QuenchSession s;
  s.blade_id = blade;
  s.probe = connect_unix("/run/thermocouple.sock");
  if (s.probe < 0)
    return 1;
  s.record = ::open((blade + ".quench").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (s.record < 0) {
    abort_quench(s, "no record file");
    return 1;
  }
  double before = 0, after = 0;
  if (read_temp(s.probe, &before) != 0 || before < 750.0) {
    abort_quench(s, "edge not at temperature");
    ::close(s.record);
    return 1;
  }
  if (read_temp(s.probe, &after) != 0) // OK: the abort branch above returned
    after = before;
  end_session(s);
  ping_probe(s);
  if (hand_off) {
    int oven = handoff_record(s);
    if (oven >= 0)
      ::close(oven);
    return 0;
  }
  record_quench(s, before, after);
  return upload_hamon_photo("/run/hamon-upload.sock", (blade + ".jpg").c_str());
}
