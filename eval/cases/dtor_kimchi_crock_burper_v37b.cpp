// Kimchi fermentation room: each crock has a CO2 "burper" valve driven over
// a ValveLink, and every batch has a log file. ValveSession is an RAII guard
// that closes the link when it goes out of scope unless dismissed, and batch
// logs are held in unique_ptr with an fclose deleter. open_batch_log_raw()
// returns the raw FILE* of a unique_ptr that closes it on return, and
// burp_cycle() burps again after the session's scope ended.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

struct FcloseDeleter {
    void operator()(FILE* f) const {
        if (f) std::fclose(f);
    }
};
using LogPtr = std::unique_ptr<FILE, FcloseDeleter>;

class ValveLink {
public:
    explicit ValveLink(const char* dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {}
    ~ValveLink() { close(); }
    void burp(int ms) {
        if (fd_ < 0) throw std::runtime_error("valve link closed");
        std::string cmd = "OPEN " + std::to_string(ms) + "\n";
        ::write(fd_, cmd.data(), cmd.size());
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    int fd_;
};

class ValveSession {
public:
    explicit ValveSession(ValveLink& link) : link_(link) {}
    ~ValveSession() {
        if (!dismissed_) link_.close();
    }
    void dismiss() { dismissed_ = true; }
    ValveSession(const ValveSession&) = delete;
    ValveSession& operator=(const ValveSession&) = delete;

private:
    ValveLink& link_;
    bool dismissed_ = false;
};

FILE* open_batch_log_raw(const char* path) {
    LogPtr log(std::fopen(path, "a"));
    if (!log) return nullptr;
    std::fprintf(log.get(), "batch start\n");
    return log.get();
}

FILE* open_batch_log(const char* path) {
    LogPtr log(std::fopen(path, "a"));
    if (!log) return nullptr;
    std::fprintf(log.get(), "batch start\n");
    return log.release();
}

void start_batch(const char* path, int salt_pct) {
    FILE* f = open_batch_log_raw(path);
    if (f) std::fprintf(f, "salt=%d%%\n", salt_pct); // BUG: use-after-close
}

void start_batch_fixed(const char* path, int salt_pct) {
    FILE* f = open_batch_log(path);
    if (!f) return;
    std::fprintf(f, "salt=%d%%\n", salt_pct); // OK: ownership was released to the caller
    std::fclose(f);
}

void burp_cycle(ValveLink& link, int crocks) {
    {
        ValveSession session(link);
        for (int i = 0; i < crocks; ++i) link.burp(200); // OK: inside the session's scope
    }
    link.burp(50); // BUG: use-after-close
}

void burp_and_keep(ValveLink& link) {
    {
        ValveSession session(link);
        link.burp(100);
        session.dismiss();
    }
    link.burp(100); // OK: the session was dismissed, the link stays open
}

void night_log(const char* path, int crock) {
    LogPtr log(std::fopen(path, "a"));
    if (!log) return;
    std::fprintf(log.get(), "crock %d burped\n", crock);
    log.reset(std::fopen(path, "a"));
    if (log) std::fprintf(log.get(), "crock %d sealed\n", crock); // OK: reset() installed a new stream
}
