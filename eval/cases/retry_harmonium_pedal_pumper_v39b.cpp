// A motorised pedal pumper lets a harmonium player with limited leg mobility
// keep the bellows reservoir full: a controller reads the reservoir pressure
// from a serial device and drives the pump through a second descriptor. On
// shutdown every descriptor is closed once; a close is repeated only when the
// previous close() reported an error (EINTR/EAGAIN), which is the convention
// this code base follows. Negative case: no descriptor is closed twice after a
// successful close and none is used after it is closed.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

struct PumperFds {
  int sensor = -1;
  int motor = -1;
};

static bool retryable(int err) { return err == EINTR || err == EAGAIN; }

// Returns 0 once the descriptor is closed, -1 on a non-retryable failure.
static int close_retrying(int fd) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (::close(fd) == 0) return 0;  // OK: returns on success, loops only after a failure
    if (!retryable(errno)) return -1;
  }
  return -1;
}

static void release(int& fd) {
  if (fd < 0) return;
  close_retrying(fd);
  fd = -1;
}

int open_pumper(PumperFds& p, const char* sensor_dev, const char* motor_dev) {
  p.sensor = ::open(sensor_dev, O_RDONLY | O_NOCTTY);
  if (p.sensor < 0) return -1;
  p.motor = ::open(motor_dev, O_WRONLY | O_NOCTTY);
  if (p.motor < 0) {
    release(p.sensor);
    return -1;
  }
  return 0;
}

int pump_cycle(PumperFds& p, int target_kpa) {
  char buf[16];
  ssize_t n = ::read(p.sensor, buf, sizeof buf);
  if (n <= 0) return -1;
  int kpa = buf[0];
  const char* cmd = kpa < target_kpa ? "P1\n" : "P0\n";
  return ::write(p.motor, cmd, 3) == 3 ? 0 : -1;
}

void shutdown_pumper(PumperFds& p) {
  if (p.motor >= 0) ::write(p.motor, "P0\n", 3);
  release(p.motor);
  release(p.sensor);
  release(p.motor);  // OK: fd is -1 after the first release(), returns early
}

int recalibrate(PumperFds& p, const char* sensor_dev) {
  release(p.sensor);
  p.sensor = ::open(sensor_dev, O_RDONLY | O_NOCTTY);
  if (p.sensor < 0) return -1;
  char buf[16];
  return ::read(p.sensor, buf, sizeof buf) > 0 ? 0 : -1;  // OK: reopened
}

int close_motor_once(int motor) {
  int rc = ::close(motor);
  if (rc == -1 && errno == EINTR) rc = ::close(motor);  // OK: previous close failed
  return rc;
}

int close_sensor_eagain(int sensor) {
  if (::close(sensor) != 0) {
    if (errno != EAGAIN) return -1;
    ::usleep(1000);
    return ::close(sensor);  // OK: previous close failed
  }
  return 0;
}

int export_log(const char* path, int cycles) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return -1;
  char line[32];
  int len = std::snprintf(line, sizeof line, "cycles=%d\n", cycles);
  bool ok = ::write(fd, line, static_cast<size_t>(len)) == len;
  int mirror = ::dup(fd);
  int rc = close_retrying(fd);
  if (mirror >= 0) {
    ::fsync(mirror);  // OK: the dup is still open
    close_retrying(mirror);  // OK: a different descriptor
  }
  return ok && rc == 0 ? 0 : -1;
}
