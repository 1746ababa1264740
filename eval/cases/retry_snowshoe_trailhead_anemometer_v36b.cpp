// Snowshoe trailhead weather post. An anemometer on a serial line is sampled
// every minute and gust reports are pushed to the ranger station over UDP via
// an UplinkSession. UplinkSession::close() first flushes queued reports; when
// the flush fails it leaves the session open and returns an error so the
// caller can try again. Raw descriptors are closed again only when close()
// itself failed (EINTR/EAGAIN on the flaky USB-serial driver).
// Negative case: every second close runs only on the path where the first
// close reported failure, and the reconnect loop resets its descriptor to -1
// after each close.
#include <arpa/inet.h>
#include <cerrno>
#include <deque>
#include <fcntl.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct Status {
    bool ok = true;
    int err = 0;
    static Status failure(int e) { return Status{false, e}; }
};

class UplinkSession {
public:
    explicit UplinkSession(int fd) : fd_(fd) {}

    void queue(const std::string& report) { pending_.push_back(report); }

    Status close() {
        if (fd_ < 0) return Status{};
        while (!pending_.empty()) {
            const std::string& r = pending_.front();
            if (::send(fd_, r.data(), r.size(), MSG_DONTWAIT) < 0) return Status::failure(errno);
            pending_.pop_front();
        }
        if (::close(fd_) != 0) return Status::failure(errno);
        fd_ = -1;
        return Status{};
    }

private:
    int fd_;
    std::deque<std::string> pending_;
};

int open_uplink(const char* station_ip) {
    int s = ::socket(AF_INET, SOCK_DGRAM, 0);
    if (s < 0) return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(6100);
    ::inet_pton(AF_INET, station_ip, &a.sin_addr);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(s);
        return -1;
    }
    return s;
}

void close_serial(int serial) {
    while (::close(serial) == -1 && errno == EINTR) {  // OK: previous close failed
    }
}

int close_spool(int spool_fd) {
    int rc = ::close(spool_fd);
    if (rc == -1) rc = ::close(spool_fd);  // OK: previous close failed
    return rc;
}

int close_patiently(int fd) {
    int attempts = 0;
    int rc = 0;
    do {
        rc = ::close(fd);  // OK: previous close failed
    } while (rc != 0 && (errno == EAGAIN || errno == EINTR) && ++attempts < 3);
    return rc;
}

bool end_of_day(UplinkSession& up, int serial, int spool_fd) {
    up.queue("EOD gust_max=...");
    Status st = up.close();
    if (!st.ok) st = up.close();  // OK: previous close failed, the session is still open
    close_serial(serial);
    int rc = close_spool(spool_fd);
    return st.ok && rc == 0;
}

int keep_uplink(const char* station_ip, int rounds) {
    int sock = -1;
    int sent = 0;
    for (int i = 0; i < rounds; ++i) {
        if (sock >= 0) {
            ::close(sock);  // OK: sock is reset to -1 after every close
            sock = -1;
        }
        sock = open_uplink(station_ip);
        if (sock < 0) continue;
        static const char ping[] = "PING\n";
        if (::send(sock, ping, sizeof ping - 1, 0) < 0) {
            ::close(sock);
            sock = -1;
            continue;
        }
        ++sent;
    }
    if (sock >= 0) close_patiently(sock);  // OK: the loop never leaves a closed descriptor in sock
    return sent;
}
