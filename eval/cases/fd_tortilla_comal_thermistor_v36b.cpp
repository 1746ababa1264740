// Tortilla line comal monitor. A thermistor bridge on each griddle streams
// "T <celsius>" lines over TCP; the monitor reads them, reconnects when the
// bridge drops, and on overheat logs the event, drops the connection and asks
// the bridge to cut the burner. log_and_close() closes the socket it is given.
// Mistakes: abort_batch() sends STOP on the socket it has just closed,
// end_of_shift() drains the socket after log_and_close() closed it, and
// configure_once() falls through from its error branch into a second close.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

struct ComalProbe {
    const char* host = "10.4.0.20";
    int port = 7021;
    int fd = -1;
    double last_c = 0.0;
};

int connect_probe(const char* host, int port) {
    int s = ::socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return -1;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    if (::inet_pton(AF_INET, host, &addr.sin_addr) != 1 ||
        ::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(s);
        return -1;
    }
    return s;
}

int read_temp(int s, double* out) {
    char buf[64];
    ssize_t n = ::recv(s, buf, sizeof buf - 1, 0);
    if (n <= 0) return -1;
    buf[n] = '\0';
    if (buf[0] != 'T') return -2;
    *out = std::strtod(buf + 1, nullptr);
    return 0;
}

void log_and_close(int s, const char* why) {
    std::fprintf(stderr, "comal probe fd=%d closing: %s\n", s, why);
    ::close(s);
}

int send_config(int s, int setpoint_c) {
    char buf[32];
    int n = std::snprintf(buf, sizeof buf, "SET %d\n", setpoint_c);
    if (::send(s, buf, static_cast<size_t>(n), MSG_NOSIGNAL) != n) return -1;
    return 0;
}

// Reads one sample, reconnecting once if the bridge hung up.
int poll_once(ComalProbe& p) {
    if (p.fd < 0) p.fd = connect_probe(p.host, p.port);
    if (p.fd < 0) return -1;
    double c = 0.0;
    if (read_temp(p.fd, &c) == -1) {
        ::close(p.fd);
        p.fd = connect_probe(p.host, p.port);
        if (p.fd < 0) return -1;
        if (read_temp(p.fd, &c) != 0) return -1;  // OK: p.fd is the new connection
    }
    p.last_c = c;
    return 0;
}

void abort_batch(ComalProbe& p) {
    log_and_close(p.fd, "overheat");
    static const char stop[] = "STOP\n";
    ::send(p.fd, stop, sizeof stop - 1, MSG_NOSIGNAL);  // BUG: use-after-close
    p.fd = -1;
}

void abort_batch_fixed(ComalProbe& p) {
    static const char stop[] = "STOP\n";
    ::send(p.fd, stop, sizeof stop - 1, MSG_NOSIGNAL);
    log_and_close(p.fd, "overheat");
    p.fd = -1;
}

int resume_after_cooldown(ComalProbe& p) {
    abort_batch_fixed(p);
    ::sleep(30);
    return poll_once(p);  // OK: abort reset fd to -1, poll_once connects afresh
}

void end_of_shift(ComalProbe& p) {
    if (p.fd < 0) return;
    ::shutdown(p.fd, SHUT_WR);
    log_and_close(p.fd, "end of shift");
    char tail[64];
    while (::recv(p.fd, tail, sizeof tail, 0) > 0) {  // BUG: use-after-close
    }
    p.fd = -1;
}

int configure_once(const char* host, int port, int setpoint_c) {
    int s = connect_probe(host, port);
    if (s < 0) return -1;
    int rc = send_config(s, setpoint_c);
    if (rc != 0) {
        std::fprintf(stderr, "setpoint %d rejected\n", setpoint_c);
        ::close(s);
    }
    ::close(s);  // BUG: double-close
    return rc;
}

// Redirect stdout into the shift log for the duration of a batch report.
int write_shift_report(const char* path, const ComalProbe& p) {
    int logfd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (logfd < 0) return -1;
    int saved = ::dup(STDOUT_FILENO);
    if (saved < 0 || ::dup2(logfd, STDOUT_FILENO) < 0) {
        if (saved >= 0) ::close(saved);
        ::close(logfd);
        return -1;
    }
    ::close(logfd);
    std::printf("comal %s last=%.1fC\n", p.host, p.last_c);
    std::fflush(stdout);
    ::fsync(STDOUT_FILENO);  // OK: stdout is a separate descriptor that dup2 pointed at the log
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    return 0;
}
