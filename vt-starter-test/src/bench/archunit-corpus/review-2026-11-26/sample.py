import random, re, json
libs=["hikaricp","mysql-connector-j","logback","h2","tomcat-embed-core","hibernate-core"]
random.seed(23)
out={}
for lib in libs:
    lines=[l.rstrip("\n") for l in open(f"snapshot/{lib}.txt") if l.strip() and not l.startswith("#")]
    by={}
    for i,l in enumerate(lines):
        lab=l.split(" ",1)[0]
        by.setdefault(lab,[]).append((i,l))
    s=[]
    for lab,k in (("TRUE",8),("WRONG-CHAIN",4),("FALSE",4)):
        items=by.get(lab,[])
        if lib in ("hikaricp","logback") or len(items)<=k: s+=items
        else: s+=random.sample(items,k)
    out[lib]={"counts":{k:len(v) for k,v in by.items()},"sample":s}
    print(lib,out[lib]["counts"],len(s))
json.dump(out,open("sample.json","w"),indent=1)
