// Eurorack clock divider bridge: UDP sync packets from the sequencer arrive
// on sync_sock, every Nth pulse is forwarded as one byte into a self-pipe
// that the gate-output thread reads. A "stop" transport message closes the
// write end so the reader sees EOF. handle_transport() still forwards the
// pulse that came with the stop message into the closed pipe, and
// transport_stop_and_close() closes the write end once in stop_ticks() and
// again in bridge_close().
#include <arpa/inet.h>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

struct ClockBridge {
    int tick_pipe[2] = {-1, -1};  // [0] read end (gate thread), [1] write end
    int sync_sock = -1;
    unsigned divide = 4;
};

static void close_pipe(ClockBridge& b) {
    for (int& fd : b.tick_pipe) {
        if (fd >= 0) {
            ::close(fd); // SAME: pipeclose
            fd = -1;
        }
    }
}

void bridge_close(ClockBridge& b) {
    close_pipe(b);
    if (b.sync_sock >= 0) {
        ::close(b.sync_sock);
        b.sync_sock = -1;
    }
}

int bridge_open(ClockBridge& b, uint16_t port) {
    if (::pipe(b.tick_pipe) != 0) return -1;
    b.sync_sock = ::socket(AF_INET, SOCK_DGRAM, 0);
    if (b.sync_sock < 0) {
        close_pipe(b);
        return -1;
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(b.sync_sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(b.sync_sock);
        b.sync_sock = -1;
        close_pipe(b);
        return -1;
    }
    return 0;
}

// Moves the sync socket to a higher descriptor number so the low ones stay
// free for the gate driver.
void relocate_sync(ClockBridge& b) {
    int copy = ::fcntl(b.sync_sock, F_DUPFD, 64);
    if (copy < 0) return;
    ::close(b.sync_sock);
    b.sync_sock = copy;
    int rcvbuf = 1 << 16;
    ::setsockopt(b.sync_sock, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf); // OK: sync_sock now holds the new duplicate
}

static void stop_ticks(ClockBridge& b) {
    ::close(b.tick_pipe[1]);  // reader sees EOF
}

static void on_sync_pulse(ClockBridge& b, unsigned pulse) {
    if (pulse % b.divide == 0) {
        char t = 'T';
        ::write(b.tick_pipe[1], &t, 1); // SAME: tick
    }
}

void handle_transport(ClockBridge& b, const char* msg, unsigned pulse) {
    if (std::strcmp(msg, "stop") == 0) {
        stop_ticks(b);
    }
    on_sync_pulse(b, pulse); // BUG: use-after-close #tick
}

void handle_transport_fixed(ClockBridge& b, const char* msg, unsigned pulse) {
    if (std::strcmp(msg, "stop") == 0) {
        stop_ticks(b);
        b.tick_pipe[1] = -1;
        return;
    }
    on_sync_pulse(b, pulse); // OK: the stop branch returned
}

void transport_stop_and_close(ClockBridge& b) {
    stop_ticks(b);
    char buf[64];
    while (::read(b.tick_pipe[0], buf, sizeof buf) > 0) { // OK: only the write end was closed
    }
    bridge_close(b); // BUG: double-close #pipeclose
}

void bridge_restart(ClockBridge& b, uint16_t port) {
    bridge_close(b);
    bridge_close(b); // OK: every descriptor was reset to -1
    if (bridge_open(b, port) == 0) on_sync_pulse(b, 0); // OK: reopened
}
