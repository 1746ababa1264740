// PlantState and its states: what entering and leaving milking, degraded and wash mode does to
// the plant's links.
#pragma once

class Site;

class PlantState {
public:
    enum class Kind { Milking, Degraded, Wash };
    virtual ~PlantState() = default;
    virtual Kind kind() const = 0;
    virtual const char* name() const = 0;
    virtual void enter(Site& site) = 0;
    virtual void exit(Site& site) = 0;
};

class MilkingState : public PlantState {
public:
    Kind kind() const override;
    const char* name() const override;
    void enter(Site& site) override;
    void exit(Site& site) override;
};

class DegradedState : public PlantState {
public:
    Kind kind() const override;
    const char* name() const override;
    void enter(Site& site) override;
    void exit(Site& site) override;
};

class WashState : public PlantState {
public:
    Kind kind() const override;
    const char* name() const override;
    void enter(Site& site) override;
    void exit(Site& site) override;
};
