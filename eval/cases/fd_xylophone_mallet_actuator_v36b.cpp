// Robotic xylophone player. A USB-serial actuator board drives one solenoid
// mallet per bar; the player holds the board descriptor plus a self-pipe used
// to wake it for a stop request. strike() treats a short write as a board
// reset: it closes the descriptor it was given and returns -1.
// Mistakes: play_phrase() breaks out of the loop after a failed strike and
// still drains the (closed) board; calibrate() jumps to a cleanup label that
// closes the descriptor strike() already closed.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

struct Note {
    uint8_t bar;
    uint8_t velocity;
    useconds_t gap_us;
};

struct Board {
    int fd = -1;
    int wake[2] = {-1, -1};
};

int open_board(Board& b, const char* dev) {
    b.fd = ::open(dev, O_RDWR | O_NOCTTY);
    if (b.fd < 0) return -1;
    if (::pipe(b.wake) != 0) goto fail_fd;
    if (::fcntl(b.wake[0], F_SETFL, O_NONBLOCK) != 0) goto fail_pipe;
    return 0;
fail_pipe:
    ::close(b.wake[0]);
    ::close(b.wake[1]);
    b.wake[0] = b.wake[1] = -1;
fail_fd:
    ::close(b.fd);
    b.fd = -1;
    return -1;
}

// One strike frame. A short write means the board reset underneath us.
int strike(int fd, uint8_t bar, uint8_t velocity) {
    uint8_t frame[4] = {0xA5, bar, velocity, static_cast<uint8_t>(0xA5 ^ bar ^ velocity)};
    if (::write(fd, frame, sizeof frame) != static_cast<ssize_t>(sizeof frame)) {
        ::close(fd);
        return -1;
    }
    return 0;
}

void close_board(Board& b) {
    if (b.fd >= 0) {
        ::close(b.fd);
        b.fd = -1;
    }
    for (int& w : b.wake) {
        if (w >= 0) {
            ::close(w);
            w = -1;
        }
    }
}

bool play_phrase(Board& b, const std::vector<Note>& notes) {
    bool ok = true;
    for (const Note& n : notes) {
        if (strike(b.fd, n.bar, n.velocity) != 0) {
            std::fprintf(stderr, "strike failed on bar %u\n", n.bar);
            ok = false;
            break;
        }
        ::usleep(n.gap_us);
    }
    ::tcdrain(b.fd);  // BUG: use-after-close
    return ok;
}

bool play_phrase_checked(Board& b, const std::vector<Note>& notes) {
    for (const Note& n : notes) {
        if (strike(b.fd, n.bar, n.velocity) != 0) {
            b.fd = -1;  // strike() closed it
            return false;
        }
        ::usleep(n.gap_us);
    }
    ::tcdrain(b.fd);  // OK: the failure path returned before this
    return true;
}

int calibrate(const char* dev) {
    int fd = ::open(dev, O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    int rc = -1;
    uint8_t probe[2] = {0x5A, 0x00};
    if (::write(fd, probe, sizeof probe) != static_cast<ssize_t>(sizeof probe)) goto out;
    if (strike(fd, 0, 1) != 0) goto out;
    rc = 0;
out:
    ::close(fd);  // BUG: double-close
    return rc;
}

// The status monitor keeps its own dup() of the board so the player can drop
// its copy when it goes idle.
int hand_off_to_monitor(Board& b) {
    int monitor_fd = ::dup(b.fd);
    if (monitor_fd < 0) return -1;
    ::close(b.fd);
    b.fd = -1;
    char status[16];
    ssize_t got = ::read(monitor_fd, status, sizeof status);  // OK: dup'd descriptor is distinct and open
    if (got < 0 && errno != EAGAIN) {
        ::close(monitor_fd);
        return -1;
    }
    return monitor_fd;
}

void stop_player(Board& b) {
    char one = 1;
    if (b.wake[1] >= 0) {
        ssize_t w = ::write(b.wake[1], &one, 1);
        (void)w;
    }
    close_board(b);
    if (b.fd >= 0) ::tcflush(b.fd, TCIOFLUSH);  // OK: close_board reset fd to -1
}

// Exit path: the player may or may not have been stopped already.
void shutdown_all(Board& b) {
    stop_player(b);
    close_board(b);  // OK: stop_player left every descriptor at -1
}
