// Flamingo lagoon humidity control. Ultrasonic nebulizers around the lagoon
// are driven by a pump controller reachable over TCP and a valve bank behind
// a character device. Descriptors are closed with a retry when close() is
// interrupted (EINTR) or reports EAGAIN on the controller's NFS-backed log.
// Mistakes: purge_cycle() retries close() a fixed number of times whatever the
// first close returned; reconnect_pump() closes the socket after a failed
// handshake and the top of its loop closes it again; finish_shift() closes the
// valve descriptor after close_with_retry() already closed it.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int dial_pump(const char* ip) {
    int s = ::socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(5020);
    ::inet_pton(AF_INET, ip, &a.sin_addr);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        int saved = errno;
        ::close(s);
        errno = saved;
        return -1;
    }
    return s;
}

bool handshake(int s) {
    static const char hello[] = "NEB/1 HELLO\n";
    char reply[16] = {};
    if (::send(s, hello, sizeof hello - 1, MSG_NOSIGNAL) < 0) return false;
    return ::recv(s, reply, sizeof reply - 1, 0) > 2 && reply[0] == 'O' && reply[1] == 'K';
}

// Closes fd; tries again only while close() reports a transient failure.
int close_with_retry(int fd) {
    for (int tries = 0; tries < 3; ++tries) {
        if (::close(fd) == 0) return 0;  // OK: previous close failed
        if (errno != EINTR && errno != EAGAIN) return -1;
    }
    return -1;
}

void purge_cycle(const char* valve_dev) {
    int fd = ::open(valve_dev, O_WRONLY);
    if (fd < 0) return;
    static const char purge[] = "PURGE ALL\n";
    ssize_t w = ::write(fd, purge, sizeof purge - 1);
    (void)w;
    int attempts = 0;
    int rc = 0;
    do {
        rc = ::close(fd);  // BUG: double-close
        ++attempts;
    } while (attempts < 2);
    if (rc != 0) std::perror("valve close");
}

void purge_cycle_fixed(const char* valve_dev) {
    int fd = ::open(valve_dev, O_WRONLY);
    if (fd < 0) return;
    static const char purge[] = "PURGE ALL\n";
    ssize_t w = ::write(fd, purge, sizeof purge - 1);
    (void)w;
    if (::close(fd) != 0) {
        if (errno == EINTR) ::close(fd);  // OK: previous close failed
    }
}

int reconnect_pump(const char* ip, int max_tries) {
    int sock = -1;
    for (int i = 0; i < max_tries; ++i) {
        if (sock >= 0) ::close(sock);  // BUG: double-close
        sock = dial_pump(ip);
        if (sock < 0) {
            ::sleep(1);
            continue;
        }
        if (!handshake(sock)) {
            ::close(sock);
            continue;
        }
        return sock;
    }
    return -1;
}

int finish_shift(int valve_fd, int pump_fd) {
    static const char off[] = "MIST OFF\n";
    ssize_t w = ::send(pump_fd, off, sizeof off - 1, MSG_NOSIGNAL);
    (void)w;
    int rc = close_with_retry(pump_fd);
    int vrc = close_with_retry(valve_fd);
    if (vrc != 0) std::perror("valve bank close");
    ::close(valve_fd);  // BUG: double-close
    return rc;
}

int finish_shift_fixed(int valve_fd, int pump_fd) {
    int rc = close_with_retry(pump_fd);
    int vrc = ::close(valve_fd);
    if (vrc != 0 && errno == EINTR) vrc = ::close(valve_fd);  // OK: previous close failed
    return rc != 0 ? rc : vrc;
}
