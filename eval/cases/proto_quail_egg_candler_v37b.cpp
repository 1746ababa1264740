// Quail hatchery candling bench: a CandlingSession lights one tray at a time
// and records a verdict per egg; after close() every call except reopen()
// throws. The EggTurner that rotates the trays between candling rounds has an
// atomic "closed" flag set by shutdown(). candle_tray() marks an egg after
// closing the session, and turn_and_power_down() rotates a turner that the
// power_down() helper has already shut down.
#include <atomic>
#include <map>
#include <stdexcept>
#include <string>

enum class Verdict { Clear, Veined, Blood, Dead };

class CandlingSession {
public:
    enum class State { Idle, Lit, Closed };

    void light(int tray) {
        ensure_open();
        state_ = State::Lit;
        tray_ = tray;
    }
    Verdict inspect(int egg) {
        ensure_open();
        return (egg + tray_) % 5 == 0 ? Verdict::Clear : Verdict::Veined;
    }
    void mark(int egg, Verdict v) {
        ensure_open();
        marks_[egg] = v;
    }
    void close() { state_ = State::Closed; }
    void reopen(int tray) {
        state_ = State::Lit;
        tray_ = tray;
    }
    bool is_closed() const { return state_ == State::Closed; }

private:
    void ensure_open() const {
        if (state_ == State::Closed) throw std::logic_error("candling session closed");
    }
    State state_ = State::Idle;
    int tray_ = 0;
    std::map<int, Verdict> marks_;
};

class EggTurner {
public:
    void rotate(int degrees) {
        if (closed_.load()) throw std::logic_error("egg turner closed");
        angle_ = (angle_ + degrees) % 360;
    }
    void shutdown() { closed_.store(true); }
    bool closed() const { return closed_.load(); }

private:
    std::atomic<bool> closed_{false};
    int angle_ = 0;
};

int candle_tray(CandlingSession& s, int tray, int eggs) {
    s.light(tray);
    int clear = 0;
    for (int e = 0; e < eggs; ++e) {
        if (s.inspect(e) == Verdict::Clear) ++clear;
    }
    s.close();
    if (clear > eggs / 2) s.mark(0, Verdict::Clear); // BUG: use-after-close
    return clear;
}

int recandle(CandlingSession& s, int tray) {
    s.close();
    s.reopen(tray);
    return s.inspect(3) == Verdict::Veined ? 1 : 0; // OK: reopened
}

void mark_if_open(CandlingSession& s, int egg) {
    if (s.is_closed()) return;
    s.mark(egg, Verdict::Blood); // OK: guarded by is_closed()
}

void last_tray(CandlingSession& s, int tray, bool more_trays) {
    s.light(tray);
    s.mark(1, s.inspect(1));
    if (!more_trays) s.close();
    if (!s.is_closed()) s.mark(2, Verdict::Dead); // OK: checked after the conditional close
}

static void power_down(EggTurner& t) {
    t.rotate(0);
    t.shutdown();
}

void turn_and_power_down(EggTurner& t) {
    t.rotate(45);
    power_down(t);
    t.rotate(-45); // BUG: use-after-close
}

void turn_carefully(EggTurner& t, bool end_of_cycle) {
    if (end_of_cycle) power_down(t);
    if (t.closed()) return;
    t.rotate(90); // OK: returns when the turner was shut down
}
