// End-of-shift shutdown machinery: a ShutdownSequence runs polymorphic Step objects in
// order (every step runs; failures and exceptions are collected). The concrete steps
// live in steps_quay.cpp, steps_gate.cpp and steps_links.cpp.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "billing.h"
#include "berth.h"
#include "console.h"
#include "crane.h"
#include "customs.h"
#include "gate.h"
#include "status.h"
#include "straddle.h"
#include "yard.h"

class Step {
public:
    virtual ~Step();
    virtual const char* name() const = 0;
    virtual Status run() = 0;
};

class LambdaStep : public Step {
public:
    LambdaStep(std::string name, std::function<Status()> fn);
    const char* name() const override;
    Status run() override;

private:
    std::string name_;
    std::function<Status()> fn_;
};

class ShutdownSequence {
public:
    void add(std::unique_ptr<Step> step);
    void add(std::string name, std::function<Status()> fn);
    std::vector<Status> run_all();   // runs once
    std::size_t size() const;

private:
    std::vector<std::unique_ptr<Step>> steps_;
    bool ran_ = false;
};

// steps_quay.cpp
class ParkCranesStep : public Step {
public:
    ParkCranesStep(std::vector<std::shared_ptr<CraneController>> cranes,
                   std::vector<std::shared_ptr<TelemetryPump>> pumps);
    const char* name() const override;
    Status run() override;

private:
    std::vector<std::shared_ptr<CraneController>> cranes_;
    std::vector<std::shared_ptr<TelemetryPump>> pumps_;
};

class RecallCarriersStep : public Step {
public:
    explicit RecallCarriersStep(std::shared_ptr<StraddleDispatcher> straddles);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<StraddleDispatcher> straddles_;
};

class SealYardStep : public Step {
public:
    explicit SealYardStep(std::shared_ptr<YardPlanner> planner);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<YardPlanner> planner_;
};

class FreezeBerthStep : public Step {
public:
    FreezeBerthStep(std::shared_ptr<BerthSchedule> berth, std::string export_path);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<BerthSchedule> berth_;
    std::string export_path_;
};

// steps_gate.cpp
class StopGateStep : public Step {
public:
    StopGateStep(std::vector<std::shared_ptr<GateLane>> lanes, std::vector<std::shared_ptr<OcrCameraFeed>> cameras);
    const char* name() const override;
    Status run() override;

private:
    std::vector<std::shared_ptr<GateLane>> lanes_;
    std::vector<std::shared_ptr<OcrCameraFeed>> cameras_;
};

class DisconnectConsolesStep : public Step {
public:
    DisconnectConsolesStep(std::shared_ptr<ConsoleRegistry> consoles, std::string farewell);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<ConsoleRegistry> consoles_;
    std::string farewell_;
};

// steps_links.cpp
class CloseCustomsStep : public Step {
public:
    CloseCustomsStep(std::shared_ptr<CustomsGateway> gateway, std::shared_ptr<EdiBatcher> batcher);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<CustomsGateway> gateway_;
    std::shared_ptr<EdiBatcher> batcher_;
};

class ExportBillingStep : public Step {
public:
    ExportBillingStep(std::shared_ptr<BillingExporter> billing, std::shared_ptr<ShiftReconciler> reconciler,
                      std::string shift_id);
    const char* name() const override;
    Status run() override;

private:
    std::shared_ptr<BillingExporter> billing_;
    std::shared_ptr<ShiftReconciler> reconciler_;
    std::string shift_id_;
};
