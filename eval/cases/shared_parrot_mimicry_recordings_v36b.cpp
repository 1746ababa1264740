// Parrot mimicry study. A microphone array in the aviary room fires burst
// callbacks (on the capture thread's pump loop) and each trial records the
// bursts into a Recorder shared between the trial and its callbacks.
// ExposureTrial copies the shared_ptr into its callback and end() closes the
// recorder but forgets to unsubscribe. TakeSeries starts a new take by
// closing the recorder and reassigning the member; the CueMarker built from
// recorder() still owns the first take's (closed) recorder unless retargeted.
// The archive callback keeps a weak_ptr and checks before writing;
// TakeSeries' callback reads the member through `this`, so it always sees the
// current take.
#include <cstdint>
#include <fcntl.h>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

using Frame = std::vector<int16_t>;

class Recorder {
public:
    explicit Recorder(const std::string& path) : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)) {
        if (fd_ < 0) throw std::runtime_error("cannot create " + path);
    }
    ~Recorder() { close(); }
    void append(const Frame& f) {
        if (fd_ < 0) throw std::runtime_error("recorder closed");
        if (::write(fd_, f.data(), f.size() * sizeof(int16_t)) < 0) throw std::runtime_error("recorder write failed");
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    bool is_open() const { return fd_ >= 0; }

private:
    int fd_;
};

class MicArray {
public:
    using BurstFn = std::function<void(const Frame&)>;
    int on_burst(BurstFn fn) {
        subs_[next_] = std::move(fn);
        return next_++;
    }
    void remove(int id) { subs_.erase(id); }
    void pump(const Frame& f) {
        for (auto& kv : subs_) kv.second(f);
    }

private:
    std::map<int, BurstFn> subs_;
    int next_ = 1;
};

class ExposureTrial {
public:
    ExposureTrial(MicArray& mics, std::string bird) : mics_(mics), bird_(std::move(bird)) {}
    void start() {
        rec_ = std::make_shared<Recorder>("/data/mimicry/" + bird_ + ".pcm");
        auto rec = rec_;
        mics_.on_burst([rec](const Frame& f) { rec->append(f); });  // SAME: burst
        std::weak_ptr<Recorder> weak = rec_;
        archive_sub_ = mics_.on_burst([weak](const Frame& f) {
            auto r = weak.lock();
            if (r && r->is_open()) r->append(f);  // OK: lock() and is_open() checked first
        });
    }
    void end() { rec_->close(); }

private:
    MicArray& mics_;
    std::string bird_;
    std::shared_ptr<Recorder> rec_;
    int archive_sub_ = 0;
};

class TakeSeries {
public:
    TakeSeries(MicArray& mics, std::string bird) : mics_(mics), bird_(std::move(bird)) {}
    void start() {
        rec_ = std::make_shared<Recorder>(take_path());
        sub_ = mics_.on_burst([this](const Frame& f) { rec_->append(f); });  // OK: reads the current take; stop() unsubscribes
    }
    void next_take() {
        rec_->close();
        ++take_;
        rec_ = std::make_shared<Recorder>(take_path());
    }
    void stop() {
        mics_.remove(sub_);
        rec_->close();
    }
    std::shared_ptr<Recorder> recorder() const { return rec_; }

private:
    std::string take_path() const { return "/data/mimicry/" + bird_ + "-take" + std::to_string(take_) + ".pcm"; }
    MicArray& mics_;
    std::string bird_;
    std::shared_ptr<Recorder> rec_;
    int take_ = 1;
    int sub_ = 0;
};

// Writes a 16-sample cue marker into the recording it was handed.
class CueMarker {
public:
    explicit CueMarker(std::shared_ptr<Recorder> rec) : rec_(std::move(rec)) {}
    void mark(int16_t code) { rec_->append(Frame(16, code)); }  // SAME: take
    void retarget(std::shared_ptr<Recorder> rec) { rec_ = std::move(rec); }

private:
    std::shared_ptr<Recorder> rec_;
};

void exposure_session(MicArray& mics, const Frame& whistle, const Frame& echo) {
    ExposureTrial trial(mics, "kea-07");
    trial.start();
    mics.pump(whistle);
    trial.end();
    mics.pump(echo);  // BUG: use-after-close #burst
}

void take_session(MicArray& mics, const Frame& call) {
    TakeSeries series(mics, "grey-12");
    series.start();
    CueMarker cues(series.recorder());
    cues.mark(1);
    mics.pump(call);
    series.next_take();
    mics.pump(call);  // OK: the callback follows rec_, now the second take
    cues.mark(2);  // BUG: use-after-close #take
    series.stop();
    mics.pump(call);  // OK: stop() removed the callback
}

void take_session_fixed(MicArray& mics, const Frame& call) {
    TakeSeries series(mics, "grey-12");
    series.start();
    CueMarker cues(series.recorder());
    series.next_take();
    cues.retarget(series.recorder());
    cues.mark(2);  // OK: retargeted to the open second take
    mics.pump(call);
    series.stop();
}
