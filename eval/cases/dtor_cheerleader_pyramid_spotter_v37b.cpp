// Cheer squad pyramid spotting: base and spotters wear harness sensors that
// stream load data to a HarnessLink; each stunt attempt is recorded by a
// PyramidRecorder whose destructor closes the link it was given, and the raw
// video capture descriptor is owned by a UniqueFd. Three mistakes: a raw
// descriptor copied out of a UniqueFd is written after the guard's scope
// ended, the link is used after a recorder's destructor closed it, and a
// descriptor closed by hand is closed again by reset().
#include <fcntl.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class UniqueFd {
public:
    explicit UniqueFd(int fd = -1) : fd_(fd) {}
    ~UniqueFd() { reset(); }
    UniqueFd(UniqueFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    UniqueFd& operator=(UniqueFd&& o) noexcept {
        if (this != &o) reset(std::exchange(o.fd_, -1));
        return *this;
    }
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    int get() const { return fd_; }
    void reset(int nfd = -1) {
        if (fd_ >= 0) ::close(fd_); // SAME: reset
        fd_ = nfd;
    }

private:
    int fd_;
};

class HarnessLink {
public:
    void open(const std::string& squad) {
        squad_ = squad;
        open_ = true;
    }
    void send_load(int spotter, int newtons) {
        if (!open_) throw std::runtime_error("harness link closed");
        last_ = spotter * 10000 + newtons;
    }
    void close() { open_ = false; }

private:
    std::string squad_;
    bool open_ = false;
    int last_ = 0;
};

class PyramidRecorder {
public:
    PyramidRecorder(HarnessLink& link, std::string stunt) : link_(link), stunt_(std::move(stunt)) {}
    ~PyramidRecorder() { link_.close(); }
    void sample(int spotter, int newtons) { link_.send_load(spotter, newtons); }

private:
    HarnessLink& link_;
    std::string stunt_;
};

int start_capture(const char* dev, int frames) {
    int raw = -1;
    {
        UniqueFd cam(::open(dev, O_RDWR));
        if (cam.get() < 0) return -1;
        raw = cam.get();
        ::write(cam.get(), "REC\n", 4); // OK: inside the guard's scope
    }
    return static_cast<int>(::write(raw, &frames, sizeof frames)); // BUG: use-after-close
}

void attempt_stunt(HarnessLink& link) {
    link.open("varsity");
    {
        PyramidRecorder rec(link, "liberty");
        rec.sample(1, 640); // OK: recorder still alive
    }
    link.send_load(2, 580); // BUG: use-after-close
}

void attempt_twice(HarnessLink& link) {
    link.open("varsity");
    std::optional<PyramidRecorder> rec;
    rec.emplace(link, "elevator");
    rec->sample(1, 700);
    rec.reset();
    link.open("varsity");
    link.send_load(3, 720); // OK: reopened after the recorder closed it
}

void split_cameras(const char* dev_a, const char* dev_b) {
    std::vector<UniqueFd> cams;
    UniqueFd a(::open(dev_a, O_RDWR));
    cams.push_back(std::move(a));
    cams.emplace_back(::open(dev_b, O_RDWR));
    for (const UniqueFd& c : cams) {
        if (c.get() >= 0) ::fsync(c.get()); // OK: moves transferred ownership, no guard has closed these
    }
}

void stop_capture(const char* dev) {
    UniqueFd cam(::open(dev, O_RDWR));
    if (cam.get() < 0) return;
    ::write(cam.get(), "STOP\n", 5);
    ::close(cam.get());
    cam.reset(); // BUG: double-close #reset
}

void stop_capture_fixed(const char* dev) {
    UniqueFd cam(::open(dev, O_RDWR));
    if (cam.get() < 0) return;
    ::write(cam.get(), "STOP\n", 5);
    cam.reset();
    cam.reset(); // OK: reset() left -1 behind, nothing to close
}
