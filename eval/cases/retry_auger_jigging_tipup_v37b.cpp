// Ice-fishing tip-up relay: each tip-up flag sensor on the lake reports bites
// to a shore relay over TCP. Descriptors are closed with a retry on EINTR.
// Three closes are wrong: drop_radio() loops on a stale errno (a successful
// close() does not reset errno), reconnect_station() closes the old socket at
// the top of every attempt even though the failed attempt already closed it,
// and alert_and_hangup() closes a socket that send_bite_alert() already
// closed. The retries that run only after a failed close are correct.
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

struct Relay {
    int fd = -1;
    sockaddr_in shore{};
};

static int close_retry(int fd) {
    int rc = ::close(fd);
    if (rc == -1 && errno == EINTR) rc = ::close(fd); // OK: previous close failed
    return rc;
}

void drop_radio(int fd) {
    int tries = 0;
    do {
        ::close(fd); // BUG: double-close
        ++tries;
    } while (errno == EINTR && tries < 3);
}

void drop_radio_fixed(int fd) {
    int tries = 0;
    int rc;
    do {
        rc = ::close(fd); // OK: repeats only when the previous close failed with EINTR
    } while (rc == -1 && errno == EINTR && ++tries < 3);
}

int reconnect_station(Relay& r) {
    for (int attempt = 0; attempt < 4; ++attempt) {
        ::close(r.fd); // BUG: double-close
        r.fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (r.fd < 0) continue;
        if (::connect(r.fd, reinterpret_cast<sockaddr*>(&r.shore), sizeof r.shore) == 0) return 0;
        ::close(r.fd);
    }
    return -1;
}

int reconnect_station_fixed(Relay& r) {
    if (r.fd >= 0) {
        close_retry(r.fd);
        r.fd = -1;
    }
    for (int attempt = 0; attempt < 4; ++attempt) {
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0) continue;
        if (::connect(fd, reinterpret_cast<sockaddr*>(&r.shore), sizeof r.shore) == 0) {
            r.fd = fd;
            return 0;
        }
        ::close(fd); // OK: a fresh socket in every attempt
    }
    return -1;
}

static bool send_bite_alert(int fd, const std::string& hole) {
    std::string msg = "BITE " + hole + "\n";
    if (::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL) < 0) {
        close_retry(fd);
        return false;
    }
    return true;
}

void alert_and_hangup(Relay& r, const std::string& hole) {
    if (!send_bite_alert(r.fd, hole)) {
        ::close(r.fd); // BUG: double-close
        r.fd = -1;
        return;
    }
}

void alert_checked(Relay& r, const std::string& hole) {
    if (!send_bite_alert(r.fd, hole)) {
        r.fd = -1;  // send_bite_alert closed it
        return;
    }
    if (::close(r.fd) != 0 && (errno == EINTR || errno == EAGAIN)) {
        ::close(r.fd); // OK: previous close failed
    }
    r.fd = -1;
}

void close_sensor_pair(int flag_fd, int temp_fd) {
    if (::close(flag_fd) != 0) {
        if (errno == EINTR) ::close(flag_fd); // OK: previous close failed
    }
    ::close(temp_fd); // OK: a different descriptor
}
