// Fumarole gas sniffer on a volcano rim: an SO2/H2S analyser on a serial
// port. The control descriptor is dup()ed once so the tephra archive writer
// can keep reading after the controller hands the port over. zero_sensor()
// closes the port when the ZERO command fails but then still reads the
// acknowledgement from it, and end_campaign() closes the mirror in a helper
// that does not reset it, so shutdown_sniffer() closes it again.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

struct Sniffer {
    int dev = -1;     // serial port, command channel
    int mirror = -1;  // dup() of dev used by the archive writer
};

int open_sniffer(Sniffer& s, const char* tty) {
    s.dev = ::open(tty, O_RDWR | O_NOCTTY);
    if (s.dev < 0) return -1;
    s.mirror = ::dup(s.dev);
    if (s.mirror < 0) {
        ::close(s.dev);
        s.dev = -1;
        return -1;
    }
    return 0;
}

static ssize_t poll_ppm(int fd, char* buf, size_t n) {
    static const char cmd[] = "PPM?\r";
    if (::write(fd, cmd, sizeof cmd - 1) < 0) return -1;
    return ::read(fd, buf, n);
}

// Hands the port to the archive writer: the command channel is closed, the
// archive keeps its own dup()ed descriptor.
ssize_t hand_over(Sniffer& s, char* out, size_t n) {
    ::close(s.dev);
    s.dev = -1;
    return ::read(s.mirror, out, n); // OK: mirror is a distinct dup()ed descriptor
}

ssize_t sample_if_controlling(Sniffer& s, char* out, size_t n) {
    if (s.dev < 0) return -1;
    return poll_ppm(s.dev, out, n); // OK: hand_over resets dev to -1
}

int zero_sensor(Sniffer& s) {
    static const char zero[] = "ZERO\r";
    if (::write(s.dev, zero, sizeof zero - 1) < 0) {
        std::perror("zero");
        ::close(s.dev);
    }
    char ack[8];
    return static_cast<int>(::read(s.dev, ack, sizeof ack)); // BUG: use-after-close
}

int calibrate(const char* tty, const char* span_log) {
    int rc = -1;
    char buf[64];
    ssize_t got = 0;
    int log = -1;
    int dev = ::open(tty, O_RDWR | O_NOCTTY);
    if (dev < 0) return -1;
    log = ::open(span_log, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (log < 0) goto out;
    got = poll_ppm(dev, buf, sizeof buf);
    if (got <= 0) goto out_log;
    if (::write(log, buf, static_cast<size_t>(got)) != got) goto out_log;
    rc = 0;
out_log:
    ::close(log); // OK: reached only after log opened
out:
    ::close(dev); // OK: each label closes its descriptor once
    return rc;
}

void shutdown_sniffer(Sniffer& s) {
    if (s.dev >= 0) {
        ::close(s.dev);
        s.dev = -1;
    }
    if (s.mirror >= 0) {
        ::close(s.mirror); // SAME: mirror
        s.mirror = -1;
    }
}

static void retire_mirror(Sniffer& s) {
    ::fsync(s.mirror);
    ::close(s.mirror);
}

void end_campaign(Sniffer& s) {
    retire_mirror(s);
    shutdown_sniffer(s); // BUG: double-close #mirror
}

void end_campaign_clean(Sniffer& s) {
    shutdown_sniffer(s);
    shutdown_sniffer(s); // OK: every descriptor was reset to -1
}
