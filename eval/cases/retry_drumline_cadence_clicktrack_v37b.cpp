// Drumline cadence metronome: a click server streams the tempo to the snare,
// tenor and bass players' in-ear receivers, one TCP socket each, and
// reconnects receivers that drop during a parade.
// Correct throughout: every second close() runs only when the first one
// failed (checked through its return value, errno or a result enum), and a
// descriptor that was closed successfully is reset to -1 before any later
// close can see it.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

enum class CloseResult { Closed, Interrupted, Failed };

static CloseResult try_close(int fd) {
    if (::close(fd) == 0) return CloseResult::Closed;
    return errno == EINTR ? CloseResult::Interrupted : CloseResult::Failed;
}

struct Receiver {
    int fd = -1;
    int section = 0;  // 0 snare, 1 tenor, 2 bass
    sockaddr_in addr{};
};

void hang_up(Receiver& rx) {
    if (rx.fd < 0) return;
    if (try_close(rx.fd) == CloseResult::Interrupted) {
        ::close(rx.fd); // OK: previous close failed
    }
    rx.fd = -1;
}

void hang_up_bounded(int fd) {
    int attempts = 0;
    while (::close(fd) == -1) { // OK: the loop repeats only after a failed close
        if (errno != EINTR && errno != EAGAIN) break;
        if (++attempts == 3) break;
    }
}

bool redial(Receiver& rx) {
    if (rx.fd >= 0) {
        int rc = ::close(rx.fd);
        if (rc != 0 && errno == EINTR) rc = ::close(rx.fd); // OK: previous close failed
        rx.fd = -1;
    }
    for (int attempt = 0; attempt < 3 && rx.fd < 0; ++attempt) {
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0) continue;
        if (::connect(fd, reinterpret_cast<sockaddr*>(&rx.addr), sizeof rx.addr) != 0) {
            ::close(fd); // OK: each attempt closes only its own new socket
            continue;
        }
        rx.fd = fd;
    }
    return rx.fd >= 0;
}

void end_of_parade(std::vector<Receiver>& line) {
    for (Receiver& rx : line) hang_up(rx);
    for (Receiver& rx : line) hang_up(rx); // OK: hang_up returns on fd == -1
}

int send_click(Receiver& rx, unsigned bpm) {
    if (rx.fd < 0) return -1;
    char msg[16];
    int n = std::snprintf(msg, sizeof msg, "BPM %u\n", bpm);
    if (::send(rx.fd, msg, static_cast<size_t>(n), MSG_NOSIGNAL) < 0) {
        if (::close(rx.fd) == -1 && errno == EINTR) {
            ::close(rx.fd); // OK: previous close failed
        }
        rx.fd = -1;
        return -1;
    }
    return n;
}

void swap_bass_receiver(Receiver& bass, int fresh_fd) {
    int old = bass.fd;
    bass.fd = fresh_fd;
    if (old >= 0 && try_close(old) == CloseResult::Interrupted) {
        ::close(old); // OK: previous close failed
    }
}
