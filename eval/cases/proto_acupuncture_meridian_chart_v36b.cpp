// Acupuncture clinic treatment chart. A MeridianChart records the needles
// placed during one visit; seal() signs the chart off, after which place()
// and note() refuse to edit it (the record is now part of the patient file).
// summary() and count() only read and stay available after sealing;
// open_for() starts the next patient's chart on the same object; seal() is
// idempotent.
// Mistakes: treat() seals the chart and then appends the moxibustion note;
// follow_up() seals early when no extra needles are planned and still places
// the Yintang needle.
#include <stdexcept>
#include <string>
#include <vector>

class MeridianChart {
public:
    enum class State { Blank, Open, Sealed };

    void open_for(const std::string& patient) {
        patient_ = patient;
        needles_.clear();
        notes_.clear();
        state_ = State::Open;
    }

    void place(const std::string& point, int depth_mm) {
        if (state_ == State::Sealed) throw std::logic_error("chart for " + patient_ + " is closed");
        if (state_ == State::Blank) throw std::logic_error("no patient on chart");
        needles_.push_back(point + "@" + std::to_string(depth_mm) + "mm");
    }

    void note(const std::string& text) {
        if (state_ == State::Sealed) throw std::logic_error("chart for " + patient_ + " is closed");
        notes_.push_back(text);
    }

    void seal() {
        if (state_ == State::Sealed) return;
        state_ = State::Sealed;
    }

    bool sealed() const { return state_ == State::Sealed; }
    std::size_t count() const { return needles_.size(); }

    std::string summary() const {
        std::string s = patient_ + ":";
        for (const auto& n : needles_) s += " " + n;
        return s;
    }

private:
    std::string patient_;
    std::vector<std::string> needles_;
    std::vector<std::string> notes_;
    State state_ = State::Blank;
};

struct Visit {
    std::string patient;
    std::vector<std::string> points;
    bool moxibustion = false;
};

std::string treat(MeridianChart& chart, const Visit& v) {
    chart.open_for(v.patient);
    for (const auto& p : v.points) chart.place(p, 15);
    chart.seal();
    if (v.moxibustion) chart.note("moxa on ST36, 3 cones");  // BUG: use-after-close
    return chart.summary();  // OK: summary() only reads a sealed chart
}

std::string treat_fixed(MeridianChart& chart, const Visit& v) {
    chart.open_for(v.patient);
    for (const auto& p : v.points) chart.place(p, 15);
    if (v.moxibustion) chart.note("moxa on ST36, 3 cones");
    chart.seal();
    chart.seal();  // OK: seal() returns when already sealed
    if (!chart.sealed()) chart.note("late remark");  // OK: guarded by sealed()
    return chart.summary();  // OK: read-only after seal
}

std::vector<std::string> clinic_day(MeridianChart& chart, const std::vector<Visit>& visits) {
    std::vector<std::string> out;
    for (const auto& v : visits) {
        chart.open_for(v.patient);
        chart.place("LI4", 10);  // OK: open_for() reopened the chart sealed in the previous iteration
        for (const auto& p : v.points) chart.place(p, 15);
        chart.seal();
        out.push_back(chart.summary());
    }
    return out;
}

void follow_up(MeridianChart& chart, const Visit& v, int extra_needles) {
    chart.open_for(v.patient);
    chart.place("GB20", 12);
    if (chart.count() >= 1 && extra_needles == 0) chart.seal();
    chart.place("Yintang", 5);  // BUG: use-after-close
}
