package org.fiberbench.jmeter;

import java.util.Locale;
import org.apache.jmeter.assertions.ResponseAssertion;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.protocol.http.control.AuthManager;
import org.apache.jmeter.protocol.http.control.Authorization;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.load.OpenLoad;

/**
 * A {@code load}'s settings as a JMeter test plan. Closed: a Thread Group of the users, started over
 * the ramp, running for the duration (the scheduler). Open: an Open Model Thread Group at the rate,
 * even or random (Poisson) arrivals for the duration. One HTTP GET with the per-request timeout, a
 * response assertion for {@code --expect}, and basic auth through JMeter's Authorization Manager.
 * The warm-up is not JMeter's: the whole duration runs and fiberbench leaves the first seconds out.
 */
public final class PlanBuilder {
    /** The JMeter property an exported plan takes the password from. */
    public static final String PASSWORD_PROPERTY = "fiberbench.password";
    static final long MAX_TAIL_SECONDS = 5;

    /** Where the password goes: into the plan (runs), or a {@code ${__P(...)}} reference (exported files). */
    public enum Secret { INLINE, PROPERTY_REFERENCE }

    private PlanBuilder() {
    }

    /** The test plan; its first key is the {@link TestPlan}, whose subtree holds the thread group. */
    public static ListedHashTree build(LoadOptions o, Secret secret) {
        ListedHashTree tree = new ListedHashTree();
        TestPlan plan = named(new TestPlan("fiberbench load"), "org.apache.jmeter.control.gui.TestPlanGui");
        plan.setSerialized(false);
        HashTree group = tree.add(plan).add(threadGroup(o));
        HashTree sampler = group.add(sampler(o.target()));
        if (o.target().user() != null) {
            group.add(auth(o.target(), secret));
        }
        if (o.target().expect() != null) {
            sampler.add(assertion(o.target().expect()));
        }
        return tree;
    }

    static AbstractThreadGroup threadGroup(LoadOptions o) {
        long seconds = Math.max(1, (o.loop().duration().toMillis() + 999) / 1000);
        if (o.load() instanceof OpenLoad open) {
            OpenModelThreadGroup g = named(new OpenModelThreadGroup(),
                    "org.apache.jmeter.threads.openmodel.gui.OpenModelThreadGroupGui");
            g.setName("fiberbench open load");
            g.setScheduleString(schedule(open.rate(), open.poisson(), seconds, tail(o)));
            return g;
        }
        LoopController loop = named(new LoopController(), "org.apache.jmeter.control.gui.LoopControlPanel");
        loop.setLoops(-1);
        loop.setContinueForever(false);
        ThreadGroup g = named(new ThreadGroup(), "org.apache.jmeter.threads.gui.ThreadGroupGui");
        g.setName("fiberbench closed load");
        g.setNumThreads(o.loop().users());
        g.setRampUp(rampSeconds(o.ramp()));
        g.setScheduler(true);
        g.setDuration(seconds);
        g.setSamplerController(loop);
        return g;
    }

    /**
     * JMeter's open-model schedule: {@code rate(R/sec) even_arrivals(D sec)} (or {@code random_arrivals}),
     * then {@code pause(T sec)}: JMeter ends every thread at the end of the schedule, so without the pause
     * the requests still in flight at the end would be cut off and count as errors.
     */
    static String schedule(double rate, boolean poisson, long seconds, long tailSeconds) {
        return String.format(Locale.ROOT, "rate(%s/sec) %s(%d sec) pause(%d sec)", stripZeros(rate),
                poisson ? "random_arrivals" : "even_arrivals", seconds, tailSeconds);
    }

    /** The pause after the last arrival: the request timeout, at most {@value #MAX_TAIL_SECONDS} s. */
    static long tail(LoadOptions o) {
        return Math.max(1, Math.min(MAX_TAIL_SECONDS, (o.target().timeout().toMillis() + 999) / 1000));
    }

    private static String stripZeros(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    static HTTPSamplerProxy sampler(HttpTarget t) {
        HTTPSamplerProxy s = named(new HTTPSamplerProxy(), "org.apache.jmeter.protocol.http.control.gui.HttpTestSampleGui");
        s.setName("GET " + t.pathAndQuery());
        s.setProtocol("http");
        s.setDomain(t.uri().getHost());
        s.setPort(t.port());
        s.setPath(t.pathAndQuery());
        s.setMethod("GET");
        s.setFollowRedirects(false);
        s.setUseKeepAlive(true);
        String ms = Long.toString(t.timeout().toMillis());
        s.setConnectTimeout(ms);
        s.setResponseTimeout(ms);
        return s;
    }

    static AuthManager auth(HttpTarget t, Secret secret) {
        AuthManager m = named(new AuthManager(), "org.apache.jmeter.protocol.http.gui.AuthPanel");
        m.setName("basic auth");
        Authorization a = new Authorization();
        a.setURL(t.uri().getScheme() + "://" + t.uri().getHost() + ":" + t.port() + "/");
        a.setUser(t.user());
        a.setPass(secret == Secret.INLINE ? t.password() : "${__P(" + PASSWORD_PROPERTY + ")}");
        a.setDomain("");
        a.setRealm("");
        a.setMechanism(AuthManager.Mechanism.BASIC);
        m.addAuth(a);
        return m;
    }

    static ResponseAssertion assertion(String expect) {
        ResponseAssertion a = named(new ResponseAssertion(), "org.apache.jmeter.assertions.gui.AssertionGui");
        a.setName("body contains");
        a.setTestFieldResponseData();
        a.setToContainsType();
        a.addTestString(expect);
        return a;
    }

    private static <T extends TestElement> T named(T element, String gui) {
        element.setProperty(TestElement.TEST_CLASS, element.getClass().getName());
        element.setProperty(TestElement.GUI_CLASS, gui);
        element.setEnabled(true);
        return element;
    }

    /**
     * JMeter's ramp-up is in whole seconds: the ramp rounded to the nearest, and at least 1 s when a
     * ramp was asked, so that {@code ramp=500ms} still ramps instead of starting every user at once.
     */
    static int rampSeconds(java.time.Duration ramp) {
        if (ramp.isZero()) {
            return 0;
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(ramp.toMillis() / 1000.0)));
    }
}
