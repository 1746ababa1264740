// Bison handling facility: BisonChute drives the hydraulic squeeze chute over
// a ChuteLink. emergency_release() opens every gate and closes the link, and
// stop() closes it at the end of the day. The methods that check tripped_
// are safe after a release; tag() does not check, and flush() is called by
// end_of_day() after stop(), so both send on a closed link.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class ChuteLink {
public:
    explicit ChuteLink(std::string addr) : addr_(std::move(addr)) {}

    void send(const std::string& cmd) {
        if (closed_) throw std::runtime_error("chute link closed: " + addr_);
        outbox_.push_back(cmd);
    }
    void close() {
        closed_ = true;
        outbox_.clear();
    }
    bool closed() const { return closed_; }

private:
    std::string addr_;
    std::vector<std::string> outbox_;
    bool closed_ = false;
};

class BisonChute {
public:
    explicit BisonChute(std::unique_ptr<ChuteLink> link) : link_(std::move(link)) {}

    void squeeze(int bar) { link_->send("squeeze " + std::to_string(bar)); }

    void emergency_release() {
        link_->send("open-all");
        link_->close();
        tripped_ = true;
    }

    void record_weight(double kg) {
        if (tripped_) return;
        link_->send("weight " + std::to_string(kg)); // OK: tripped_ is set whenever the link is closed here
    }

    void tag(const std::string& ear_tag) {
        link_->send("tag " + ear_tag); // SAME: tag
    }

    void queue_note(const std::string& note) { pending_.push_back(note); }

    void flush() {
        link_->send("sync " + std::to_string(pending_.size())); // SAME: flush
        for (const std::string& note : pending_) link_->send("note " + note);
        pending_.clear();
    }

    void stop() {
        if (link_->closed()) return;
        link_->close();
    }

    void reconnect(std::unique_ptr<ChuteLink> fresh) {
        link_ = std::move(fresh);
        tripped_ = false;
    }

    bool tripped() const { return tripped_; }

private:
    std::unique_ptr<ChuteLink> link_;
    std::vector<std::string> pending_;
    bool tripped_ = false;
};

void work_animal(BisonChute& chute, const std::string& ear_tag, bool kicked) {
    chute.squeeze(40);
    if (kicked) chute.emergency_release();
    chute.record_weight(612.5); // OK: record_weight returns early after a release
    chute.tag(ear_tag); // BUG: use-after-close #tag
}

void work_animal_checked(BisonChute& chute, const std::string& ear_tag, bool kicked) {
    chute.squeeze(40);
    if (kicked) {
        chute.emergency_release();
        chute.reconnect(std::make_unique<ChuteLink>("chute-2:7400"));
    }
    chute.tag(ear_tag); // OK: a fresh link replaced the closed one
}

void end_of_day(BisonChute& chute) {
    chute.queue_note("herd 14 done");
    chute.stop();
    chute.flush(); // BUG: use-after-close #flush
}

void end_of_day_fixed(BisonChute& chute) {
    chute.queue_note("herd 15 done");
    chute.flush();
    chute.stop();
    chute.stop(); // OK: stop() returns when the link is already closed
}
