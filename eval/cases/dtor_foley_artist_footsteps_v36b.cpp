// Foley stage footsteps session. The foley artist walks the gravel, wood and
// snow pits while the stage recorder captures each take; the pit contact
// microphones are opened per take, the cue sheet is a FILE* in a unique_ptr
// with an fclose deleter, and each Take writes its summary and closes its
// file in finish(), which the destructor calls again.
// Negative case: every close is done by a guard or destructor exactly once
// (moved-from guards hold -1, dismissed guards do nothing, finish() nulls its
// FILE* so the destructor's call is a no-op), and every use after a close is
// on a different or freshly opened object.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F>
class ScopeExit {
public:
    explicit ScopeExit(F f) : f_(std::move(f)) {}
    ~ScopeExit() {
        if (armed_) f_();
    }
    void dismiss() { armed_ = false; }

private:
    F f_;
    bool armed_ = true;
};

class PitMic {
public:
    explicit PitMic(const char* dev) : fd_(::open(dev, O_RDONLY)) {}
    PitMic(PitMic&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    ~PitMic() {
        if (fd_ >= 0) ::close(fd_);
    }
    ssize_t capture(char* buf, size_t n) { return ::read(fd_, buf, n); }
    bool ok() const { return fd_ >= 0; }

private:
    int fd_;
};

struct FileCloser {
    void operator()(FILE* f) const { std::fclose(f); }
};
using CueSheet = std::unique_ptr<FILE, FileCloser>;

class Take {
public:
    Take(const std::string& path, std::string surface) : fp_(std::fopen(path.c_str(), "wb")), surface_(std::move(surface)) {}
    ~Take() { finish(); }
    void write(const char* buf, size_t n) {
        if (fp_ != nullptr) std::fwrite(buf, 1, n, fp_);
    }
    void finish() {
        if (fp_ == nullptr) return;
        std::fprintf(fp_, "# surface=%s\n", surface_.c_str());
        std::fclose(fp_);
        fp_ = nullptr;
    }

private:
    FILE* fp_;
    std::string surface_;
};

int open_stage_recorder() {
    int fd = ::open("/dev/foley_recorder", O_WRONLY);
    if (fd < 0) return -1;
    ScopeExit guard([fd] { ::close(fd); });
    if (::write(fd, "ARM\n", 4) != 4) return -1;
    guard.dismiss();
    return fd;
}

void record_gravel_take(CueSheet& cues) {
    PitMic first("/dev/pitmic_gravel");
    PitMic mic(std::move(first));
    char buf[4096];
    ssize_t n = mic.capture(buf, sizeof buf);  // OK: the moved-from guard holds -1 and closes nothing
    auto take = std::make_unique<Take>("/takes/gravel_01.raw", "gravel");
    if (n > 0) take->write(buf, static_cast<size_t>(n));
    take->finish();
    take.reset();  // OK: finish() nulled the FILE*, the destructor's finish() returns at once
    std::fprintf(cues.get(), "gravel_01 %zd bytes\n", n);  // OK: the cue sheet is a different file from the take
}

void record_wood_and_snow(CueSheet& cues) {
    char buf[4096];
    {
        PitMic wood("/dev/pitmic_wood");
        ssize_t n = wood.capture(buf, sizeof buf);
        Take take("/takes/wood_01.raw", "wood");
        if (n > 0) take.write(buf, static_cast<size_t>(n));
    }
    PitMic snow("/dev/pitmic_snow");
    if (!snow.ok()) return;
    ssize_t n = snow.capture(buf, sizeof buf);  // OK: a freshly opened mic; the wood guard closed its own fd
    std::fprintf(cues.get(), "snow_01 %zd bytes\n", n);
}

void session(const std::string& cue_path) {
    int rec = open_stage_recorder();
    if (rec < 0) return;
    ::write(rec, "ROLL\n", 5);  // OK: the guard was dismissed, the descriptor is still open
    CueSheet cues(std::fopen(cue_path.c_str(), "a"));
    if (!cues) {
        ::close(rec);
        return;
    }
    record_gravel_take(cues);
    record_wood_and_snow(cues);
    cues.reset(std::fopen((cue_path + ".final").c_str(), "w"));
    if (cues) std::fprintf(cues.get(), "session complete\n");  // OK: reset() installed the new sheet
    ::write(rec, "STOP\n", 5);
    ::close(rec);
}
