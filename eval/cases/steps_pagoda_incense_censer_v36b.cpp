// Pagoda incense censer controller. The great censer in the courtyard has a
// serial-controlled ember tray (CenserLink) and the monks keep an ash ledger
// (AshLedger, a text file). The evening closing and the morning rekindling are
// sequences of polymorphic Step objects run in order.
// Mistakes: the evening sequence puts WeighAsh (which asks the tray's load
// cell for the ash weight over the link) after CloseLink, and the vigil
// sequence stamps the ledger after CloseLedger closed it.
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class CenserLink {
public:
    explicit CenserLink(std::string dev) : dev_(std::move(dev)) { reopen(); }
    ~CenserLink() { close(); }
    void reopen() {
        close();
        fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY);
        if (fd_ < 0) throw std::runtime_error("cannot open censer tray " + dev_);
    }
    int command(const std::string& cmd) {
        if (fd_ < 0) throw std::runtime_error("censer link closed");
        std::string line = cmd + "\r";
        if (::write(fd_, line.data(), line.size()) < 0) return -1;
        char reply[32] = {};
        ssize_t n = ::read(fd_, reply, sizeof reply - 1);
        return n > 0 ? std::atoi(reply) : -1;
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    std::string dev_;
    int fd_ = -1;
};

class AshLedger {
public:
    explicit AshLedger(const std::string& path) : out_(path, std::ios::app) {}
    void record(const std::string& entry) {
        if (!out_.is_open()) throw std::runtime_error("ash ledger closed");
        out_ << entry << '\n';
    }
    bool is_open() const { return out_.is_open(); }
    void flush() { out_.flush(); }
    void close() {
        if (out_.is_open()) out_.close();
    }

private:
    std::ofstream out_;
};

struct Step {
    virtual ~Step() = default;
    virtual void run() = 0;
};

struct SweepPan : Step {
    explicit SweepPan(CenserLink& l) : link(l) {}
    void run() override { link.command("SWEEP"); }  // OK: placed before CloseLink in the evening sequence
    CenserLink& link;
};

struct CloseLink : Step {
    explicit CloseLink(CenserLink& l) : link(l) {}
    void run() override { link.close(); }
    CenserLink& link;
};

struct WeighAsh : Step {
    WeighAsh(CenserLink& l, AshLedger& a) : link(l), ledger(a) {}
    void run() override {
        int grams = link.command("WEIGH ASH");  // BUG: use-after-close
        ledger.record("ash " + std::to_string(grams) + " g");
    }
    CenserLink& link;
    AshLedger& ledger;
};

struct FlushLedger : Step {
    explicit FlushLedger(AshLedger& a) : ledger(a) {}
    void run() override {
        if (!ledger.is_open()) return;
        ledger.flush();  // OK: guarded by is_open()
    }
    AshLedger& ledger;
};

struct CloseLedger : Step {
    explicit CloseLedger(AshLedger& a) : ledger(a) {}
    void run() override { ledger.close(); }
    AshLedger& ledger;
};

struct StampLedger : Step {
    explicit StampLedger(AshLedger& a) : ledger(a) {}
    void run() override { ledger.record("vigil ended, censer cold"); }  // BUG: use-after-close
    AshLedger& ledger;
};

struct ReopenLink : Step {
    explicit ReopenLink(CenserLink& l) : link(l) {}
    void run() override { link.reopen(); }
    CenserLink& link;
};

struct Kindle : Step {
    Kindle(CenserLink& l, AshLedger& a) : link(l), ledger(a) {}
    void run() override {
        link.command("IGNITE 3");  // OK: ReopenLink precedes Kindle in the morning sequence
        ledger.record("kindled three coils");
    }
    CenserLink& link;
    AshLedger& ledger;
};

void run_sequence(const std::vector<std::unique_ptr<Step>>& seq) {
    for (const auto& step : seq) step->run();
}

void evening_close(CenserLink& link, AshLedger& ledger) {
    std::vector<std::unique_ptr<Step>> seq;
    seq.push_back(std::make_unique<SweepPan>(link));
    seq.push_back(std::make_unique<CloseLink>(link));
    seq.push_back(std::make_unique<WeighAsh>(link, ledger));
    seq.push_back(std::make_unique<FlushLedger>(ledger));
    seq.push_back(std::make_unique<CloseLedger>(ledger));
    seq.push_back(std::make_unique<FlushLedger>(ledger));
    run_sequence(seq);
}

void vigil_close(CenserLink& link, AshLedger& ledger) {
    std::vector<std::unique_ptr<Step>> seq;
    seq.push_back(std::make_unique<SweepPan>(link));
    seq.push_back(std::make_unique<CloseLedger>(ledger));
    seq.push_back(std::make_unique<StampLedger>(ledger));
    seq.push_back(std::make_unique<CloseLink>(link));
    run_sequence(seq);
}

void morning_rekindle(CenserLink& link, const std::string& ledger_path) {
    AshLedger ledger(ledger_path);
    std::vector<std::unique_ptr<Step>> seq;
    seq.push_back(std::make_unique<CloseLink>(link));
    seq.push_back(std::make_unique<ReopenLink>(link));
    seq.push_back(std::make_unique<Kindle>(link, ledger));
    seq.push_back(std::make_unique<CloseLedger>(ledger));
    run_sequence(seq);
}
