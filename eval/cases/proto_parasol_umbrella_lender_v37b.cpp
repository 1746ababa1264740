// Beach parasol lending till: the lifeguard hut lends parasols against a
// wristband tag. LendingTill keeps an "open" flag; lend() and take_back()
// throw through check_open() once close_day() ran, and open_day() starts a
// new day. On a storm warning the hut closes the till, but serve_queue()
// keeps lending to the people still waiting in line and storm_returns()
// books the returned parasols on the closed till. The other flows check
// is_open() or the hut's till_closed flag, or reopen the till first.
#include <deque>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

class LendingTill {
public:
    void open_day(int day) {
        open_ = true;
        day_ = day;
        lent_.clear();
    }
    void lend(const std::string& tag) {
        check_open();
        lent_.insert(tag);
    }
    bool take_back(const std::string& tag) {
        check_open();
        return lent_.erase(tag) == 1;
    }
    void close_day() { open_ = false; }
    bool is_open() const { return open_; }
    std::size_t outstanding() const { return lent_.size(); }

private:
    void check_open() const {
        if (!open_) throw std::logic_error("lending till closed for day " + std::to_string(day_));
    }
    bool open_ = false;
    int day_ = 0;
    std::set<std::string> lent_;
};

struct Hut {
    LendingTill till;
    std::deque<std::string> queue;
    bool till_closed = true;  // mirrors till.is_open(); set by every close below
};

static void on_storm_warning(Hut& hut) {
    hut.till_closed = true;
    hut.till.close_day();
}

void serve_queue(Hut& hut, bool storm_warning) {
    if (storm_warning) on_storm_warning(hut);
    while (!hut.queue.empty()) {
        hut.till.lend(hut.queue.front()); // BUG: use-after-close
        hut.queue.pop_front();
    }
}

void serve_queue_checked(Hut& hut, bool storm_warning) {
    if (storm_warning) on_storm_warning(hut);
    while (!hut.queue.empty() && hut.till.is_open()) {
        hut.till.lend(hut.queue.front()); // OK: loop condition checks is_open()
        hut.queue.pop_front();
    }
}

// People run back with their parasols when the siren sounds.
int storm_returns(Hut& hut, const std::vector<std::string>& returning) {
    on_storm_warning(hut);
    int back = 0;
    for (const std::string& tag : returning) {
        if (hut.till.take_back(tag)) ++back; // BUG: use-after-close
    }
    return back;
}

bool collect_returns(Hut& hut, const std::string& tag) {
    if (hut.till_closed) return false;
    return hut.till.take_back(tag); // OK: till_closed is set on every close path
}

void storm_passed(Hut& hut, int day) {
    if (!hut.till.is_open()) hut.till.open_day(day);
    hut.till_closed = false;
    hut.till.lend("band-0001"); // OK: opened above if it was closed
}

void close_and_count(Hut& hut) {
    hut.till_closed = true;
    hut.till.close_day();
    std::size_t missing = hut.till.outstanding();  // reads the count, no lending
    if (missing > 0) hut.queue.push_back("recall");
}
