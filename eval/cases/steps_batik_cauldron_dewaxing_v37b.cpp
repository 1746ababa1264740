// Batik workshop de-waxing line: after the last cloth is boiled out, the
// cauldron controller shuts down through Step objects. The burner pipeline is
// a vector of polymorphic steps run in order; LogCoolDown was appended after
// CloseBurner, so it asks a closed burner link for the temperature. The wax
// recovery pipeline uses a registry of named steps and an explicit order in
// which the scale is read before it is closed; the hood fan's order list
// closes the fan before the fume purge that needs it.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class DeviceLink {
public:
    explicit DeviceLink(std::string name) : name_(std::move(name)) {}
    double query(const std::string& what) {
        if (closed_) throw std::runtime_error(name_ + " link closed");
        return what == "TEMP?" ? 96.5 : 1830.0;
    }
    void command(const std::string& cmd) {
        if (closed_) throw std::runtime_error(name_ + " link closed");
        last_ = cmd;
    }
    void close() { closed_ = true; }

private:
    std::string name_;
    std::string last_;
    bool closed_ = false;
};

struct Step {
    virtual ~Step() = default;
    virtual const char* name() const = 0;
    virtual void run() = 0;
};

class FlameOff : public Step {
public:
    explicit FlameOff(DeviceLink& burner) : burner_(burner) {}
    const char* name() const override { return "flame off"; }
    void run() override { burner_.command("FLAME 0"); } // OK: pushed before CloseBurner

private:
    DeviceLink& burner_;
};

class CloseBurner : public Step {
public:
    explicit CloseBurner(DeviceLink& burner) : burner_(burner) {}
    const char* name() const override { return "close burner"; }
    void run() override { burner_.close(); }

private:
    DeviceLink& burner_;
};

class LogCoolDown : public Step {
public:
    LogCoolDown(DeviceLink& burner, FILE* log) : burner_(burner), log_(log) {}
    const char* name() const override { return "log cool-down"; }
    void run() override {
        double t = burner_.query("TEMP?"); // BUG: use-after-close
        std::fprintf(log_, "cool-down start %.1f C\n", t);
    }

private:
    DeviceLink& burner_;
    FILE* log_;
};

class WeighWax : public Step {
public:
    WeighWax(DeviceLink& scale, double& grams) : scale_(scale), grams_(grams) {}
    const char* name() const override { return "weigh wax"; }
    void run() override { grams_ = scale_.query("GRAMS?"); } // OK: ordered before close-scale

private:
    DeviceLink& scale_;
    double& grams_;
};

class CloseScale : public Step {
public:
    explicit CloseScale(DeviceLink& scale) : scale_(scale) {}
    const char* name() const override { return "close scale"; }
    void run() override { scale_.close(); }

private:
    DeviceLink& scale_;
};

class CloseFan : public Step {
public:
    explicit CloseFan(DeviceLink& fan) : fan_(fan) {}
    const char* name() const override { return "close fan"; }
    void run() override { fan_.close(); }

private:
    DeviceLink& fan_;
};

class PurgeFumes : public Step {
public:
    explicit PurgeFumes(DeviceLink& fan) : fan_(fan) {}
    const char* name() const override { return "purge fumes"; }
    void run() override { fan_.command("SPEED 100 60s"); } // BUG: use-after-close

private:
    DeviceLink& fan_;
};

void shut_down_burner(DeviceLink& burner, FILE* log) {
    std::vector<std::unique_ptr<Step>> steps;
    steps.push_back(std::make_unique<FlameOff>(burner));
    steps.push_back(std::make_unique<CloseBurner>(burner));
    steps.push_back(std::make_unique<LogCoolDown>(burner, log));
    for (auto& step : steps) {
        std::fprintf(log, "step: %s\n", step->name());
        step->run();
    }
}

class StepRegistry {
public:
    void add(std::unique_ptr<Step> step) {
        std::string key = step->name();
        steps_[key] = std::move(step);
    }
    void run_in_order(const std::vector<std::string>& order) {
        for (const std::string& key : order) {
            auto it = steps_.find(key);
            if (it == steps_.end()) throw std::invalid_argument("unknown step " + key);
            it->second->run();
        }
    }

private:
    std::map<std::string, std::unique_ptr<Step>> steps_;
};

double recover_wax(DeviceLink& scale) {
    double grams = 0.0;
    StepRegistry registry;
    registry.add(std::make_unique<CloseScale>(scale));
    registry.add(std::make_unique<WeighWax>(scale, grams));
    registry.run_in_order({"weigh wax", "close scale"});
    return grams;
}

// The hood fan must purge the wax fumes before it is switched off, but the
// order list was written the other way round.
void stop_hood(DeviceLink& fan) {
    StepRegistry registry;
    registry.add(std::make_unique<PurgeFumes>(fan));
    registry.add(std::make_unique<CloseFan>(fan));
    registry.run_in_order({"close fan", "purge fumes"});
}
