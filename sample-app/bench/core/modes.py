"""The sample app's jars and the modes the experiments run them in (platform threads, vt-starter, Boot's native
support, ...)."""
import io
import re
import zipfile

AUTOCONF_IMPORTS = 'META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports'


def nested_autoconfigure_jar(jar):
    """(name, ZipFile) of vt-starter-autoconfigure inside a Boot fat jar, or (None, None)."""
    outer = zipfile.ZipFile(jar)
    for n in outer.namelist():
        if re.match(r'BOOT-INF/lib/vt-starter-autoconfigure-.*\.jar$', n):
            return n, zipfile.ZipFile(io.BytesIO(outer.read(n)))
    return None, None


def jar_facts(jar):
    outer = zipfile.ZipFile(jar)
    libs = [n.split('/')[-1] for n in outer.namelist() if n.startswith('BOOT-INF/lib/')]

    def version(prefix):
        for l in libs:
            m = re.match(re.escape(prefix) + r'-(\d[\w.\-]*)\.jar$', l)
            if m:
                return m.group(1)
        return '?'
    name, inner = nested_autoconfigure_jar(jar)
    imports = None
    if inner is not None and AUTOCONF_IMPORTS in inner.namelist():
        imports = [l.strip() for l in inner.read(AUTOCONF_IMPORTS).decode().splitlines()
                   if l.strip() and not l.startswith('#')]
    return {
        'jar': jar,
        'boot': version('spring-boot'),
        'tomcat': version('tomcat-embed-core'),
        'imports_packaged': imports is not None,
        'imports': imports,
    }


def launch_for(facts):
    return {'cmd': ['-jar', facts['jar']]}


def build_modes(jars, with_pinning=True):
    """Mode key -> dict(label, jar facts, args, expect_virtual, launch)."""
    j31, j35 = jars['3.1'], jars['3.5']
    for facts in (j31, j35):
        if not facts['imports_packaged']:
            raise SystemExit('%s has no vt-starter auto-configuration (%s missing): rebuild it' % (facts['jar'], AUTOCONF_IMPORTS))
    modes = {}
    modes['platform'] = dict(label='(a) Boot %s platform threads' % j31['boot'], facts=j31,
                             args=['--spring.threads.virtual.enabled=false'], expect_virtual=False,
                             launch=launch_for(j31))
    modes['starter'] = dict(label='(b) Boot %s + vt-starter' % j31['boot'], facts=j31, args=[],
                            expect_virtual=True, launch=launch_for(j31))
    # the same, without the JFR pinning monitor: native mode has none, so this separates the thread machinery
    # (what the backport replaces) from the monitor (an addition, measured on its own by --overhead)
    modes['starter-nomon'] = dict(label='(b) Boot %s + vt-starter, pinning monitor off' % j31['boot'], facts=j31,
                                  args=['--vtstarter.pinning.enabled=false'], expect_virtual=True,
                                  launch=launch_for(j31))
    # Boot 3.2's executor on the same Boot 3.1 application: Tomcat's own VirtualThreadExecutor, set by the
    # sample's benchmark-only profile (vt-starter keeps an executor the application set). Only the executor differs.
    modes['tomcat-own'] = dict(label='(b\'\') Boot %s, Tomcat\'s own VirtualThreadExecutor (as Boot 3.2+ sets it)' % j31['boot'],
                               facts=j31, args=['--spring.profiles.active=tomcat-own-executor'], expect_virtual=True,
                               launch=launch_for(j31))
    exclude = (j35['imports'] or []) if j35['imports_packaged'] else []
    modes['native'] = dict(label='(c) Boot %s native' % j35['boot'], facts=j35,
                           args=['--spring.threads.virtual.enabled=true']
                           + (['--spring.autoconfigure.exclude=' + ','.join(exclude)] if exclude else []),
                           expect_virtual=True, launch=launch_for(j35),
                           excluded=exclude)
    if '3.1-tomcat' in jars:
        jt = jars['3.1-tomcat']
        modes['starter-tc'] = dict(label='(b\') Boot %s + vt-starter, Tomcat %s' % (jt['boot'], jt['tomcat']),
                                   facts=jt, args=[], expect_virtual=True, launch=launch_for(jt))
    if with_pinning:
        modes['pin-off'] = dict(label='(d) vt-starter, pinning monitor off', facts=j31,
                                args=['--vtstarter.pinning.enabled=false',
                                      '--management.endpoints.web.exposure.include=health,virtualthreads'],
                                expect_virtual=True, launch=launch_for(j31))
        modes['pin-on'] = dict(label='(d) vt-starter, pinning monitor on', facts=j31,
                               args=['--vtstarter.pinning.enabled=true',
                                     '--management.endpoints.web.exposure.include=health,virtualthreads'],
                               expect_virtual=True, launch=launch_for(j31))
    return modes


def with_args(modes, extra):
    """Adds the same arguments to every mode (in place); returns the modes."""
    for m in modes.values():
        m['args'] = m['args'] + extra
    return modes
